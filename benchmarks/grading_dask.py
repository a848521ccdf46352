"""Grading on a Dask cluster: throughput with 1, 2 and 4 worker processes, and the coordinator's
merge rate (results recorded per second in the class gradebook).

    python benchmarks/grading_dask.py [--students 12] [--workers 1 2 4] [--merges 500] [--db-url URL]

1. Builds a class of N submissions of chapter 0 (copies of the example class's perfect, partial,
   untouched and blanker students, cycled), starts a local Dask cluster of W worker processes
   (one thread each, ``distributed.LocalCluster``) for each W, and times ``autograde(...,
   cluster=...)`` from the first task to the grades.csv (templates are cached, workers warmed up).
2. Times the coordinator's merge step alone (``Gradebook`` opened, ``gradebook.merge_result``, commit:
   what ``runner._publish`` does per result) on M fake results for distinct students, into a
   fresh SQLite class gradebook, and into ``--db-url`` (e.g. a PostgreSQL database) when given.
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from grader.paths import COURSE_DIR, EXAMPLES_DIR  # noqa: E402

CHAPTER = "00_finite_differences"
KINDS = ["perfect", "partial", "untouched", "blanker"]


def make_class(root: Path, n: int) -> Path:
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        shutil.copytree(EXAMPLES_DIR / "submissions" / kind / CHAPTER, root / f"{kind}{i:03d}" / CHAPTER)
    return root


def warm(client) -> None:
    def imports():
        import nbgrader.apps  # noqa: F401

        import grader.grading.worker  # noqa: F401
        from grader.grading import intake

        intake.protected_names()
    client.run(imports)


def grade_with(workers: int, submissions: Path, scratch: Path, settings_kw: dict) -> tuple[float, list]:
    from distributed import Client, LocalCluster

    from grader.grading.runner import autograde
    from grader.grading.settings import GradingSettings

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit=0,
                      host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        warm(client)
        out = scratch / f"out-{workers}"
        settings = GradingSettings(cluster=cluster.scheduler_address, **settings_kw)
        start = time.perf_counter()
        results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
        return time.perf_counter() - start, results


def merge_rate(db_url: str, sample: dict, n: int, one_session: bool = False) -> float:
    from nbgrader.api import Gradebook

    from grader.course.nbgrader_setup import COURSE_ID
    from grader.grading import gradebook

    fakes = []
    for i in range(n):
        fake = copy.deepcopy(sample)
        fake["student_id"] = f"{sample['student_id']}{i:05d}"
        fakes.append(fake)
    start = time.perf_counter()
    if one_session:  # what a coordinator that kept the gradebook open would do
        with Gradebook(db_url, COURSE_ID) as gb:
            for fake in fakes:
                gradebook.merge_result(gb, fake)
    else:
        for fake in fakes:  # as runner._publish: one gradebook session per result
            with Gradebook(db_url, COURSE_ID) as gb:
                gradebook.merge_result(gb, fake)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--merges", type=int, default=500)
    parser.add_argument("--db-url", help="also time merges into this (empty) server gradebook")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="grading-dask-"))
    try:
        submissions = make_class(scratch / "class", args.students)
        print(f"{platform.node()}: {platform.processor() or platform.machine()}, "
              f"{len(os.sched_getaffinity(0))} cores, load average before {os.getloadavg()[0]:.2f}")
        settings_kw = {"cell_timeout": 30, "notebook_timeout": 120}
        last = None
        for workers in args.workers:
            seconds, results = grade_with(workers, submissions, scratch, settings_kw)
            assert len(results) == args.students, len(results)
            last = results
            print(f"{workers} Dask worker process(es): {args.students} notebooks in {seconds:.1f} s = "
                  f"{args.students / seconds:.2f} notebooks/s  ({len(results)} results)")
        sample = next(r for r in last if r["status"] == "graded" and r["score"] > 0)
        out = scratch / f"out-{args.workers[-1]}"
        db = scratch / "merge.db"
        shutil.copy2(out / "template" / "gradebook.db", db)
        urls = [f"sqlite:///{db}"]
        if args.db_url:
            from grader.grading.runner import _server_gradebook

            (scratch / "pg-out").mkdir()
            urls.append(_server_gradebook(args.db_url, scratch / "pg-out", out / "template", {CHAPTER: "x"}))
        for url in urls:
            for one_session in (False, True):
                rate = merge_rate(url, {**sample, "student_id": f"{'one' if one_session else 'per'}"},
                                  args.merges, one_session)
                print(f"coordinator merge into {url.split(':')[0]}, "
                      f"{'one session for all' if one_session else 'a session per result (as now)'}: "
                      f"{rate:.1f} results/s ({args.merges} fake results)")
        print(f"load average after {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
