"""Grading on a Dask cluster: throughput with 1, 2 and 4 worker processes, and the coordinator's
merge rate (results recorded per second in the class gradebook).

    python benchmarks/grading_dask.py [--students 12] [--workers 1 2 4] [--merges 500] [--db-url URL]
                                      [--merges-only] [--batch B] [--sample result.json]

1. Builds a class of N submissions of chapter 0 (copies of the example class's perfect, partial,
   untouched and blanker students, cycled), starts a local Dask cluster of W worker processes
   (one thread each, ``distributed.LocalCluster``) for each W, and times ``autograde(...,
   cluster=...)`` from the first task to the grades.csv (templates are cached, workers warmed up).
   ``--merges-only`` skips this part.
2. Times the coordinator's merge step alone, as ``class_run.autograde`` does it: ``ClassGradebook.merge``
   on batches of ``class_run.MERGE_BATCH`` results (one transaction per batch), on M
   ``JobResult``s for distinct students, copies of one realistic graded result of chapter 0 (its
   exercises, cells and scores, from the template; or ``--sample result.json``). Into a fresh
   SQLite class gradebook (``ClassGradebook.open(out, template)``), and into ``--db-url`` (e.g. an
   empty PostgreSQL database) when given. Only the merges are timed, not opening the gradebook.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import shutil
import sys
import tempfile
import time
from collections import Counter
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

        import grader.pipeline.worker  # noqa: F401
        from grader.intake import notebook_check as intake

        intake.protected_names()
    client.run(imports)


def grade_with(workers: int, submissions: Path, scratch: Path, settings_kw: dict) -> tuple[float, list]:
    from distributed import Client, LocalCluster

    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit=0,
                      host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        warm(client)
        out = scratch / f"out-{workers}"
        settings = GradingSettings(cluster=cluster.scheduler_address, **settings_kw)
        start = time.perf_counter()
        results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
        return time.perf_counter() - start, results


def merge_sample(template, source: Path | None = None):
    """One realistic graded ``JobResult`` of chapter 0. From ``source`` (a ``result.json`` that
    grading produced) when given; else made like the example class's partial student: the
    assignment's exercises (``template.facts``) with the first ones right and the last one left
    unanswered, one nbgrader grade per grade cell of the template gradebook, and nbgrader's
    "No response." comment on the unanswered exercise's answer cell."""
    from nbgrader.api import Gradebook

    from grader.course.nbgrader_setup import COURSE_ID
    from grader.records.jobs import ExerciseScore, JobResult, Status

    if source is not None:
        sample = JobResult.read(source)
        if sample is None or sample.assignment_id != CHAPTER or not sample.cells:
            raise SystemExit(f"{source}: not a graded result of {CHAPTER}")
        return sample
    listed = template.facts[CHAPTER].exercises
    wrong = {listed[notebook][-1].name for notebook in listed}  # the last exercise of each notebook
    owner = {(notebook, g): e for notebook, ex in listed.items() for e in ex for g in e.grade_ids}
    cells, comments = {}, {}
    with Gradebook(f"sqlite:///{template.gradebook}", COURSE_ID) as gb:
        for notebook in gb.find_assignment(CHAPTER).notebooks:
            for cell in notebook.grade_cells:
                exercise = owner.get((notebook.name, cell.name))
                right = exercise is not None and exercise.name not in wrong
                cells[f"{notebook.name}/{cell.name}"] = {
                    "auto_score": float(cell.max_score) if right else 0.0, "manual_score": None,
                    "needs_manual_grade": False, "max_score": float(cell.max_score)}
            for cell in notebook.solution_cells:
                exercise = owner.get((notebook.name, cell.name))
                if exercise is not None and exercise.name in wrong:
                    comments[f"{notebook.name}/{cell.name}"] = "No response."
    exercises = [ExerciseScore(notebook, e.name, 0.0 if e.name in wrong else e.points, e.points)
                 for notebook, ex in listed.items() for e in ex]
    return JobResult("sample", CHAPTER, "0" * 64, template.fingerprints[CHAPTER],
                     template.max_scores[CHAPTER], status=Status.GRADED,
                     score=sum(e.score for e in exercises), exercises=exercises, cells=cells,
                     comments=comments, seconds=6.0)


def merge_rate(gradebook, sample, n: int, batch: int, prefix: str) -> tuple[float, float, int]:
    """Results/s of ``gradebook.merge`` over ``n`` copies of ``sample`` for distinct students, in
    batches of ``batch`` (what the coordinator does with ``class_run.MERGE_BATCH``); the coordinator
    process's CPU seconds per result (a database server's own CPU not included); and how many of
    them the gradebook then holds with the sample's score (a check that the work was done)."""
    import hashlib

    from nbgrader.api import Gradebook

    from grader.course.nbgrader_setup import COURSE_ID

    fakes = [dataclasses.replace(sample, student_id=f"{prefix}{i:06d}",
                                 fingerprint=hashlib.sha256(f"{prefix}{i}".encode()).hexdigest(),
                                 exercises=list(sample.exercises), cells=dict(sample.cells),
                                 comments=dict(sample.comments))
             for i in range(n)]
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(0, n, batch):
        gradebook.merge(fakes[i:i + batch])
    rate, cpu = n / (time.perf_counter() - start), (time.process_time() - cpu) / n
    with Gradebook(gradebook.db_url, COURSE_ID) as gb:
        scores = {s.student.id: s.score for s in gb.find_assignment(CHAPTER).submissions
                  if s.student.id.startswith(prefix)}
    recorded = sum(1 for f in fakes if abs(scores.get(f.student_id, -1.0) - sample.score) < 1e-9)
    return rate, cpu, recorded


def merges(args, scratch: Path) -> None:
    from grader.course.model import find_chapters
    from grader.gradebook.class_gradebook import ClassGradebook
    from grader.pipeline.template_course import TemplateCourse
    from grader.pipeline.worker import quiet_nbgrader
    from grader.run.class_run import MERGE_BATCH

    quiet_nbgrader()  # as runner.autograde does
    batch = args.batch or MERGE_BATCH
    chapters = [c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER]
    out = scratch / "merge-sqlite"
    template = TemplateCourse.prepare(out, chapters)  # from the template cache when current
    sample = merge_sample(template, args.sample)
    print(f"sample result: {sample.student_id} {CHAPTER}, score {sample.score:g}/{sample.max_score:g}, "
          f"{len(sample.exercises)} exercises, {len(sample.cells)} graded cells, {len(sample.comments)} comments")
    targets = [("SQLite (OUT/gradebook.db, fresh)", ClassGradebook.open(out, template))]
    if args.db_url:
        (scratch / "merge-server").mkdir()
        targets.append((f"{args.db_url.split(':')[0]} (--db-url)",
                        ClassGradebook.open(scratch / "merge-server", template, args.db_url)))
    prefix = f"bench{int(time.time())}-"  # new students even in a server gradebook used before
    for label, gradebook in targets:
        rate, cpu, recorded = merge_rate(gradebook, sample, args.merges, batch, prefix)
        print(f"coordinator merge into {label}: {rate:.1f} results/s, {1000 * cpu:.2f} ms of coordinator "
              f"CPU per result ({args.merges} results, ClassGradebook.merge in batches of {batch}; "
              f"{recorded}/{args.merges} recorded with score {sample.score:g})")
        if recorded != args.merges:
            raise SystemExit("the gradebook does not hold every merged result")


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--merges", type=int, default=500, help="results merged per gradebook (part 2)")
    parser.add_argument("--batch", type=int, default=0,
                        help="results per ClassGradebook.merge (default: the runner's MERGE_BATCH)")
    parser.add_argument("--sample", type=Path,
                        help=f"a result.json of {CHAPTER} that grading produced, copied for the merges "
                             "(default: one made from the template, like the partial student's)")
    parser.add_argument("--db-url", help="also time merges into this server gradebook (e.g. PostgreSQL)")
    parser.add_argument("--merges-only", action="store_true", help="skip the Dask throughput part (part 1)")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="grading-dask-"))
    try:
        print(f"{platform.node()}: {platform.processor() or platform.machine()}, "
              f"{len(os.sched_getaffinity(0))} cores, load average before {os.getloadavg()[0]:.2f}")
        if not args.merges_only:
            submissions = make_class(scratch / "class", args.students)
            settings_kw = {"cell_timeout": 30, "notebook_timeout": 120}
            for workers in args.workers:
                seconds, results = grade_with(workers, submissions, scratch, settings_kw)
                assert len(results) == args.students, len(results)
                statuses = Counter(str(r.status) for r in results)
                print(f"{workers} Dask worker process(es): {args.students} notebooks in {seconds:.1f} s = "
                      f"{args.students / seconds:.2f} notebooks/s  ({len(results)} results: "
                      f"{', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}; "
                      f"total score {sum(r.score for r in results):g})")
        merges(args, scratch)
        print(f"load average after {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
