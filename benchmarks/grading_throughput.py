"""Grading a class, side by side in one run: plain nbgrader against ``python -m grader autograde``.

    python benchmarks/grading_throughput.py [--chapters 00_finite_differences 07_linear_function 09_training]
        (a chapter named twice is measured twice)
        [--students 24] [--jobs 2] [--cold [CHAPTER ...]] [--keep DIR]

For each chapter, a class of N submissions (a third honest: the solution; a third partial: one
exercise answered with a known-wrong implementation; a third wrong: a known-wrong implementation in
every answer cell), then, one after the other on this machine:

1. plain nbgrader: ``nbgrader autograde <chapter>`` over the whole class (one process, students one
   after another, the same cell timeout, no sandbox), then ``nbgrader generate_feedback``;
2. ``python -m grader autograde --jobs J`` with its defaults: sandboxed (bubblewrap), judged,
   diagnosed, warm kernels, feedback, CSVs, class report;
3. with ``--cold``, the same with ``--kernels cold`` (every kernel started afresh);
4. the floor: each notebook's code cells run in a warm kernel (forked from a template, as the
   grader's are), nothing else: no nbgrader, no judge, no feedback.

Printed per chapter: wall time of each, the ratio of plain nbgrader's wall time to ours, and
core-seconds per notebook (user + system time of every process of the run: this script's
children, each waited for, so kernels, workers and templates included) against the floor's
(the kernel's CPU time for the notebook's cells). The targets of issue 24 are checked: ours at
least 4x faster than plain nbgrader on chapter 0 with two workers, core-seconds within 1.5x the
floor plus 0.5 s. The load average is printed before and after: run it on a quiet machine, or
read the ratios (both sides share the load).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from grader.course.mistakes import known_wrong  # noqa: E402
from grader.course.model import find_chapters  # noqa: E402
from grader.course.nbgrader_setup import HARMLESS_STDERR, NbgraderCourse, ensure_tools_on_path  # noqa: E402
from grader.examples.make_examples import answered, solutions  # noqa: E402
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR  # noqa: E402

CHAPTERS = ["00_finite_differences", "07_linear_function", "09_training"]
KINDS = ["honest", "partial", "wrong"]

PLAIN_CONFIG = """\
c = get_config()
c.CourseDirectory.root = {root!r}
c.CourseDirectory.course_id = "autograd-course"
c.Exchange.root = {exchange!r}
c.Exchange.course_id = "autograd-course"
c.Execute.timeout = 30
c.OverwriteCells.add_missing_cells = True
c.IgnorePattern.pattern = {pattern!r}
"""


def notebook(chapter: str, kind: str) -> nbformat.NotebookNode:
    release = nbformat.read(ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb", as_version=4)
    answers = solutions(chapter)
    wrong: dict[str, str] = {}
    for mistake in known_wrong(COURSE_DIR / chapter):
        wrong.setdefault(mistake.answer_id, mistake.code)
    if kind == "partial" and wrong:
        first = next(iter(wrong))
        answers = {**answers, first: wrong[first]}
    elif kind == "wrong":
        answers = {**answers, **wrong}
    return answered(release, answers)


def make_class(root: Path, chapter: str, students: int) -> Path:
    for i in range(students):
        kind = KINDS[i % len(KINDS)]
        folder = root / f"s{i:03d}_{kind}" / chapter
        folder.mkdir(parents=True)
        nbformat.write(notebook(chapter, kind), folder / f"{chapter}.ipynb")
    return root


def _cpu_cgroup() -> Path | None:
    """A CPU-accounting cgroup of this script's own (as root), or None."""
    try:
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    for line in mounts:
        parts = line.split()
        fstype = parts[parts.index("-") + 1]
        if (fstype == "cgroup" and "cpuacct" in parts[-1].split(",")) or fstype == "cgroup2":
            folder = Path(parts[4]) / f"grading-bench-{os.getpid()}-{time.monotonic_ns()}"
            try:
                folder.mkdir()
                return folder
            except OSError:
                continue
    return None


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds, and core-seconds of every process the command ran.

    As root the command runs in a CPU-accounting cgroup of its own, which counts every process it
    starts, however it ends; otherwise the user and system time of the children it waited for
    (a process killed before its parent reaped it is then missed: an undercount, said so).
    """
    group = _cpu_cgroup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    if group is not None:
        command = ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(group / "cgroup.procs"), *command]
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    waited = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if group is None:
        print("  (core-seconds of the processes waited for only: run as root for a CPU cgroup)")
        return wall, waited
    try:
        if (group / "cpuacct.usage").exists():
            return wall, int((group / "cpuacct.usage").read_text()) / 1e9
        stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
        return wall, int(stat["usage_usec"]) / 1e6
    finally:
        for pid in (group / "cgroup.procs").read_text().split():  # nothing of the run may linger
            try:
                os.kill(int(pid), 9)
            except OSError:
                pass
        time.sleep(0.2)
        try:
            group.rmdir()
        except OSError:
            pass


def plain_nbgrader(chapter: str, submissions: Path, work: Path) -> tuple[float, float]:
    found = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter)
    course = NbgraderCourse(work)
    course.add_source(found)
    course.generate_assignment(chapter)
    shutil.copytree(submissions, work / "submitted")
    (work / "nbgrader_config.py").write_text(PLAIN_CONFIG.format(
        root=str(work), exchange=str(work / "exchange"), pattern=HARMLESS_STDERR))
    wall = cpu = 0.0
    for command in ("autograde", "generate_feedback"):
        w, c = timed([sys.executable, "-m", "nbgrader", command, chapter, "--force"], work)
        wall, cpu = wall + w, cpu + c
    return wall, cpu


def ours(submissions: Path, out: Path, jobs: int, kernels: str) -> tuple[float, float, list[dict]]:
    wall, cpu = timed([sys.executable, "-m", "grader", "autograde", str(submissions), "--out", str(out),
                       "--jobs", str(jobs), "--kernels", kernels, "--sandbox", "on"], REPO)
    results = [json.loads(p.read_text()) for p in sorted((out / "jobs").glob("*/*/result.json"))]
    return wall, cpu, results


def floor(chapter: str, submissions: Path, template_root: Path) -> tuple[float, float]:
    """Mean CPU and wall seconds of a notebook's code cells in a warm kernel (nothing else)."""
    from jupyter_client import BlockingKernelClient

    from grader.pipeline.nbgrader_steps import warm_kernel_spec
    from grader.sandbox import kernel_limits
    from grader.sandbox.warm_kernels import TemplateProcesses

    source = template_root / "source" / chapter
    spec = warm_kernel_spec([str(p) for p in sorted(source.iterdir()) if p.is_file() and p.suffix != ".ipynb"])
    templates = TemplateProcesses()
    cpus, walls = [], []
    try:
        template = templates.template(spec)
        for path in sorted(submissions.glob(f"*/{chapter}/{chapter}.ipynb")):
            kernel = template.take(spec)
            client = BlockingKernelClient()
            client.load_connection_info(kernel.connection_info)
            client.start_channels()
            client.wait_for_ready(timeout=120)
            start_cpu = kernel_limits.tree_cpu_seconds(kernel_limits.tree_processes(kernel.pid))
            start = time.perf_counter()
            for cell in nbformat.read(path, as_version=4).cells:
                if cell.cell_type == "code":
                    client.execute_interactive(cell.source, timeout=120, output_hook=lambda msg: None)
            walls.append(time.perf_counter() - start)
            cpus.append(kernel_limits.tree_cpu_seconds(kernel_limits.tree_processes(kernel.pid)) - start_cpu)
            client.stop_channels()
            template.release(kernel)
    finally:
        templates.close()
    return sum(cpus) / len(cpus), sum(walls) / len(walls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", nargs="+", default=CHAPTERS)
    parser.add_argument("--students", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cold", nargs="*", metavar="CHAPTER",
                        help="also grade with --kernels cold (these chapters only, when named)")
    parser.add_argument("--keep", help="keep the classes and outputs in this folder")
    args = parser.parse_args()
    ensure_tools_on_path()  # nbgrader runs alembic by name: the subprocesses inherit PATH
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="grading-bench-"))
    if args.keep and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} cores; {args.students} submissions per chapter ({', '.join(KINDS)} mixed); "
          f"--jobs {args.jobs}; load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    try:
        for turn, chapter in enumerate(args.chapters):  # a chapter named twice is measured twice
            here = work / f"{turn}-{chapter}"
            submissions = make_class(here / "class", chapter, args.students)
            plain = plain_nbgrader(chapter, submissions, here / "plain")
            warm = ours(submissions, here / "warm", args.jobs, "warm")
            with_cold = args.cold is not None and (not args.cold or chapter in args.cold)
            cold = ours(submissions, here / "cold", args.jobs, "cold") if with_cold else None
            cpu_floor, wall_floor = floor(chapter, submissions, here / "warm" / "template")
            report(chapter, args.students, args.jobs, plain, warm, cold, cpu_floor, wall_floor)
            print(f"  load average {os.getloadavg()[0]:.1f} after this chapter", flush=True)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def report(chapter, students, jobs, plain, warm, cold, cpu_floor, wall_floor) -> None:
    n = students
    kinds = {r.get("kernel", "")[:4] for r in warm[2]}
    print(f"\n{chapter}: {n} notebooks")
    print(f"  plain nbgrader autograde + generate_feedback: {plain[0]:7.1f} s wall, "
          f"{plain[1] / n:5.2f} core-s per notebook")
    print(f"  grader autograde --jobs {jobs} (warm kernels: {', '.join(sorted(kinds))}): "
          f"{warm[0]:7.1f} s wall, {warm[1] / n:5.2f} core-s per notebook  -> {plain[0] / warm[0]:.2f}x plain's wall")
    if cold is not None:
        print(f"  grader autograde --jobs {jobs} --kernels cold: {cold[0]:7.1f} s wall, {cold[1] / n:5.2f} core-s per "
              f"notebook  -> {plain[0] / cold[0]:.2f}x plain's wall")
    target = 1.5 * cpu_floor + 0.5
    print(f"  floor (the notebook's cells in a warm kernel): {cpu_floor:5.2f} core-s, {wall_floor:5.2f} s wall per "
          f"notebook; target {target:.2f} core-s: {'met' if warm[1] / n <= target else 'missed'} "
          f"({warm[1] / n / cpu_floor:.1f}x the floor)")
    steps: dict[str, float] = {}
    for result in warm[2]:
        for key, value in result.get("timing", {}).items():
            if isinstance(value, (int, float)):
                steps[key] = steps.get(key, 0.0) + value / n
    shown = ("kernel_start", "kernel_start_cpu", "cells", "cells_cpu", "judge", "judge_cpu", "autograde_s",
             "autograde_cpu", "diagnose_s", "diagnose_cpu", "render_feedback_s", "render_feedback_cpu")
    print("  per notebook, ours (wall s / CPU s): " + ", ".join(f"{k} {steps[k]:.2f}" for k in shown if k in steps))


if __name__ == "__main__":
    main()
