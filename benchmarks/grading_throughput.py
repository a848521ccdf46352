"""Throughput of grading a class: plain nbgrader against ``python -m grader autograde --jobs 2``.

    python benchmarks/grading_throughput.py [--students 24] [--jobs 2] [--repeat 1] [--keep DIR]

Builds a class of N submissions of chapter 0 from the example class (copies of the perfect,
partial, untouched and blanker students, cycled; the hung and malformed ones are left out because
plain nbgrader stops on them), then, in one run on this machine:

1. plain nbgrader: one ``nbgrader autograde <assignment>`` command over the whole class (one
   process, students one after another, the same cell timeout), then ``nbgrader
   generate_feedback`` (our command writes feedback too);
2. ``python -m grader autograde --jobs J`` with its defaults (sandbox on when bubblewrap works,
   completion marks, limits, feedback, CSVs).

Prints both wall-clock times and the ratios, with the load average before and after. With
``--repeat R`` the two are run alternately R times and the fastest of each counts (the usual
estimate when other processes share the machine). Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from grader.course.model import find_chapters  # noqa: E402
from grader.course.nbgrader_setup import NbgraderCourse, ensure_tools_on_path  # noqa: E402
from grader.paths import COURSE_DIR, EXAMPLES_DIR  # noqa: E402

CHAPTER = "00_finite_differences"
KINDS = ["perfect", "partial", "untouched", "blanker"]

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


def make_class(root: Path, students: int) -> Path:
    source = EXAMPLES_DIR / "submissions"
    for i in range(students):
        kind = KINDS[i % len(KINDS)]
        shutil.copytree(source / kind / CHAPTER, root / f"s{i:03d}_{kind}" / CHAPTER)
    return root


def plain_nbgrader(submissions: Path, work: Path) -> float:
    """Seconds for plain nbgrader's autograde + generate_feedback commands over the class."""
    from grader.course.nbgrader_setup import HARMLESS_STDERR

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER)
    course = NbgraderCourse(work)
    course.add_source(chapter)
    course.generate_assignment(CHAPTER)
    shutil.copytree(submissions, work / "submitted")
    (work / "nbgrader_config.py").write_text(PLAIN_CONFIG.format(
        root=str(work), exchange=str(work / "exchange"), pattern=HARMLESS_STDERR))
    timings = {}
    for command in ("autograde", "generate_feedback"):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "nbgrader", command, CHAPTER, "--force"],
                       cwd=work, check=True, capture_output=True)
        timings[command] = time.perf_counter() - start
    return timings


def ours(submissions: Path, out: Path, jobs: int) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader", "autograde", str(submissions), "--out", str(out),
                    "--jobs", str(jobs)], cwd=REPO, check=True,
                   capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="alternate runs; the fastest counts")
    parser.add_argument("--keep", help="keep the class and outputs in this folder")
    args = parser.parse_args()
    ensure_tools_on_path()  # nbgrader runs alembic by name: the subprocesses inherit PATH
    work = Path(args.keep or tempfile.mkdtemp(prefix="grading-bench-"))
    if work.exists() and args.keep:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    try:
        submissions = make_class(work / "class", args.students)
        load_before = os.getloadavg()[0]
        plains, ourses = [], []
        for round_ in range(args.repeat):
            plains.append(plain_nbgrader(submissions, work / f"plain{round_}"))
            ourses.append(ours(submissions, work / f"ours{round_}", args.jobs))
        plain = min(plains, key=lambda t: t["autograde"])
        plain_total = min(t["autograde"] + t["generate_feedback"] for t in plains)
        ours_time = min(ourses)
        from grader.grading.sandbox import find_bwrap

        print(f"class: {args.students} submissions of {CHAPTER}; {os.cpu_count()} cores; "
              f"sandbox: {'bubblewrap' if find_bwrap() else 'none'}; best of {args.repeat}; "
              f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
        print(f"plain nbgrader autograde:                {plain['autograde']:7.1f} s")
        print(f"plain nbgrader autograde + feedback:     {plain_total:7.1f} s")
        print(f"python -m grader autograde --jobs {args.jobs}:     {ours_time:7.1f} s "
              f"(sandbox, marks, limits, feedback, CSVs)")
        print(f"ratio vs autograde alone:        {plain['autograde'] / ours_time:.2f}x")
        print(f"ratio vs autograde + feedback:   {plain_total / ours_time:.2f}x")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
