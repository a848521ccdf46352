"""Where each second and each core-second of a graded job goes, cold and warm, sandbox on.

    python benchmarks/profile_job.py [--chapters 00_finite_differences 09_training] [--students 6]
    python benchmarks/profile_job.py --from-jobs cold=OUT_COLD/jobs warm=OUT_WARM/jobs

Grades a class of N submissions of each chapter (honest, partial and wrong, as in
``grading_throughput.py``) with one worker (``--jobs 1``: the steps of a job do not overlap with
another job's), judged and diagnosed, once with cold kernels and once with warm ones, and prints a
table per chapter: the mean wall seconds and core-seconds per job of each part, from each job's
``result.json`` (the worker measures its own CPU per step, the executor the kernel's), and what the
run costs besides its jobs (the coordinator, the worker's start, the template; core-seconds of the
whole run from a CPU cgroup, as root).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from grading_throughput import REPO, make_class, timed  # noqa: E402

sys.path.insert(0, str(REPO))
from grader.course.nbgrader_setup import ensure_tools_on_path  # noqa: E402

#: (label, wall key, CPU key, whose CPU): the parts of a job, in the order they happen.
PARTS = [
    ("prepare, snapshot, check (worker)", ("prepare_s", "snapshot_s", "check_notebooks_s"),
     ("prepare_cpu", "snapshot_cpu", "check_notebooks_cpu"), "worker"),
    ("sandbox and kernel start", ("kernel_start",), ("kernel_start_cpu",), "kernel"),
    ("first cell (the imports)", ("first_cell",), ("first_cell_cpu",), "kernel"),
    ("the other cells", ("cells", "-first_cell"), ("cells_cpu", "-first_cell_cpu"), "kernel"),
    ("  the worker meanwhile (nbclient)", (), ("cells_worker_cpu",), "worker"),
    ("judge round trips (kernel side)", ("judge",), ("judge_cpu",), "kernel"),
    ("  the judge itself (worker side)", (), ("judge_worker_cpu",), "worker"),
    ("nbgrader autograde's own work", ("autograde_s", "-kernel_start", "-cells", "-judge"),
     ("autograde_cpu", "-cells_worker_cpu", "-judge_worker_cpu"), "worker"),
    ("read reports and scores", ("read_reports_s", "read_scores_s"), ("read_reports_cpu", "read_scores_cpu"), "worker"),
    ("diagnosis", ("diagnose_s",), ("diagnose_cpu",), "worker"),
    ("feedback rendering", ("render_feedback_s",), ("render_feedback_cpu",), "worker"),
]


def _sum(timing: dict, keys) -> float:
    total = 0.0
    for key in keys:
        sign, name = (-1, key[1:]) if key.startswith("-") else (1, key)
        value = timing.get(name, 0.0)
        total += sign * (value if isinstance(value, (int, float)) else 0.0)
    return total


def parts(results: list[dict]) -> dict[str, tuple[float, float]]:
    """label -> (mean wall s, mean core-s) per job, from the jobs' ``result.json``."""
    return {label: (sum(_sum(r["timing"], walls) for r in results) / len(results),
                    sum(_sum(r["timing"], cpus) for r in results) / len(results))
            for label, walls, cpus, _who in PARTS}


def print_table(rows: dict[str, dict[str, tuple[float, float]]]) -> None:
    """The table: a line per part, wall s / core-s per job for each kind of kernel."""
    kinds = list(next(iter(rows.values())))
    print(f"  {'part':38s} " + " ".join(f"{k:>15s}" for k in kinds))
    for label, _walls, _cpus, who in PARTS:
        print(f"  {label:38s} " + " ".join(f"{rows[label][k][0]:6.2f} / {rows[label][k][1]:5.2f} " for k in kinds)
              + f"  ({who})")


def profile(chapter: str, students: int, work: Path) -> None:
    submissions = make_class(work / chapter / "class", chapter, students)
    print(f"\n{chapter}: {students} notebooks, one worker; mean per job, wall s / core-s")
    rows, runs = {}, {}
    for kernels in ("cold", "warm"):
        out = work / chapter / kernels
        wall, cpu = timed([sys.executable, "-m", "grader", "autograde", str(submissions), "--out", str(out),
                           "--jobs", "1", "--kernels", kernels, "--sandbox", "on"], REPO)
        results = [json.loads(p.read_text()) for p in sorted((out / "jobs").glob("*/*/result.json"))]
        for label, value in parts(results).items():
            rows.setdefault(label, {})[kernels] = value
        jobs_cpu = sum(value[1] for value in parts(results).values()) * len(results)
        runs[kernels] = (wall, cpu, jobs_cpu, len(results), sum(r["seconds"] for r in results))
    print_table(rows)
    for kernels, (wall, cpu, jobs_cpu, n, seconds) in runs.items():
        print(f"  {kernels}: the run {wall:.1f} s wall, {cpu:.1f} core-s in all ({cpu / n:.2f} per job); "
              f"jobs {seconds / n:.2f} s each; outside the measured parts {max(0.0, cpu - jobs_cpu):.1f} core-s "
              "(processes' start and imports, the template, the coordinator, the report)")


def from_jobs(named: list[str]) -> None:
    """``--from-jobs KIND=OUT/jobs ...``: the table of runs already made (``grading_throughput.py
    --keep``), without grading again."""
    rows: dict = {}
    for item in named:
        kind, folder = item.split("=", 1)
        results = [json.loads(p.read_text()) for p in sorted(Path(folder).glob("*/*/result.json"))]
        print(f"  {kind}: {len(results)} jobs, {sum(r['seconds'] for r in results) / len(results):.2f} s each")
        for label, value in parts(results).items():
            rows.setdefault(label, {})[kind] = value
    print_table(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", nargs="+", default=["00_finite_differences", "09_training"])
    parser.add_argument("--students", type=int, default=6)
    parser.add_argument("--from-jobs", nargs="+", metavar="KIND=DIR",
                        help="print the table of jobs already graded (OUT/jobs folders) instead")
    args = parser.parse_args()
    if args.from_jobs:
        from_jobs(args.from_jobs)
        return
    ensure_tools_on_path()
    work = Path(tempfile.mkdtemp(prefix="grading-profile-"))
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    try:
        for chapter in args.chapters:
            profile(chapter, args.students, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
