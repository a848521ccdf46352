"""Every setting of a grading run, in one object (what nbgrader does with its config)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


@dataclass
class GradingSettings:
    """Limits and switches of one ``python -m grader autograde`` run.

    - ``cell_timeout``: seconds one cell may run before it is interrupted (nbgrader's
      ``Execute.timeout``); a kernel that ignores the interrupt is killed.
    - ``notebook_timeout``: seconds a whole notebook may run; past it the kernel is killed and the
      cells not yet run score 0.
    - ``idle_allowance``: seconds a whole notebook may spend neither running nor waiting for a
      processor (sleeping, blocked); past it the kernel is killed, as at ``notebook_timeout``, so
      no notebook holds a worker much longer than its CPU time plus this.
    - ``memory_mb``: resident memory of the kernel's process tree; past it the kernel is killed.
      (An address-space limit would break torch, so the worker watches RSS instead.)
    - ``output_bytes``: output kept per notebook; the rest is dropped with a note.
    - ``sandbox``: ``auto`` (bubblewrap when it works), ``on`` (required) or ``off``.
    - ``hide_hidden_tests``: keep the hidden tests' source out of the feedback.
    - ``diagnose``: name the known mistake a failing exercise behaves like (``judge.diagnose``);
      its first use for an exercise computes the mistakes' behaviour once per course version.
    - ``kernels``: ``warm`` (each kernel forked from a template per worker and chapter, which has
      done the imports; sandboxed only, else cold), ``cold`` (each kernel started afresh) or
      ``auto`` (warm for a chapter of which a worker grades at least two notebooks).
    - ``cluster``: a Dask scheduler's address (``tcp://host:8786``): grade on its workers.
    - ``db_url``: the class gradebook's nbgrader ``db_url`` (``postgresql://...``); default SQLite.
    - ``late_penalty``: nbgrader's late-submission rule for a submission received after its due date
      (``received``): ``none`` or ``zero`` (nbgrader's ``LateSubmissionPlugin.penalty_method``), or
      the import path of a plugin class (``AssignLatePenalties.plugin_class``, e.g.
      ``mycourse.penalties.SubMarks``), which must be importable by the workers.
    - ``zip_limit_mb``: the most a zip of submissions may declare uncompressed, all members together
      (``zip_intake.ZipLimits``); a zip over it is refused before anything is extracted.
    """

    jobs: int = field(default_factory=default_jobs)
    cell_timeout: int = 30
    notebook_timeout: int = 300
    idle_allowance: float = 60.0
    memory_mb: int = 2048
    output_bytes: int = 1_000_000
    sandbox: str = "auto"
    hide_hidden_tests: bool = True
    diagnose: bool = True
    kernels: str = "auto"
    cluster: str | None = None  # a Dask scheduler's address: grade there (``dask_pool``)
    db_url: str | None = None  # the class gradebook in a server database (default: OUT/gradebook.db)
    late_penalty: str = "none"  # nbgrader's penalty_method, or a late-submission plugin's import path
    zip_limit_mb: int = 2048

    def __post_init__(self):
        if not (isinstance(self.idle_allowance, (int, float)) and 0 < self.idle_allowance < float("inf")):
            raise ValueError(f"idle_allowance must be a number of seconds above 0, not {self.idle_allowance!r}")

