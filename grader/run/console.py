"""What a run says on the console at its end: which kernels it used and which limits held them."""

from __future__ import annotations

from grader.records.jobs import JobResult
from grader.records.settings import GradingSettings
from grader.sandbox.kernel_limits import WALL_BACKSTOP


def limits_summary(graded: list[JobResult], settings: GradingSettings) -> list[str]:
    """What the run's kernels were and which limits held them (from the results of this run)."""
    kinds: dict[str, int] = {}
    for result in graded:
        if result.kernel:
            kinds[result.kernel] = kinds.get(result.kernel, 0) + 1
    memory = sorted({r.execution.get("memory_limit") for r in graded if r.execution.get("memory_limit")})
    if not memory:
        from grader.sandbox.kernel_limits import memory_limit_kind

        memory = [memory_limit_kind()]
    processes = sorted({r.execution.get("process_limit") for r in graded if r.execution.get("process_limit")})
    if not processes:
        from grader.sandbox.kernel_limits import process_limit_kind

        processes = [process_limit_kind()]
    lines = []
    if kinds:
        lines.append("kernels: " + "; ".join(
            f"{n} {'warm (forked from a template per worker and chapter)' if k == 'warm' else k}"
            for k, n in sorted(kinds.items(), key=lambda item: -item[1])))
    lines.append(f"limits per kernel: {settings.cell_timeout} s of CPU time per cell, {settings.notebook_timeout} s "
                 f"per notebook (wall-clock backstops {WALL_BACKSTOP}x, not counting waits for a busy processor), "
                 f"{settings.idle_allowance:g} s per notebook neither running nor waiting for a processor; "
                 f"{settings.memory_mb} MB of memory, "
                 + "; ".join(memory) + "; processes: " + "; ".join(processes))
    return lines
