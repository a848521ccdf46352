"""``python -m grader autograde``: grade a class in parallel, resumably, and report.

``autograde`` is the orchestration; each part lives in its own module:

1. ``submissions``: find every (student, assignment) in SUBMISSIONS (a folder or a zip);
2. ``template``: the needed assignments' source, release and empty gradebook, built once;
3. ``class_gradebook``: the class gradebook (SQLite in OUT, or a server database);
4. a pool (``LocalPool``, or ``DaskPool`` with ``--cluster``) grades every job that has no current
   result (``worker.grade_job``), yielding ``JobResult``s as they finish;
5. results are merged into the class gradebook in batches, and their feedback published to
   ``OUT/feedback``;
6. ``exports`` and ``class_report``: the CSV files, the report, the grade table.

Resuming: a job is finished when ``OUT/jobs/<student>/<assignment>/result.json`` matches the
submission's fingerprint (its file names and bytes) and the assignment's source. A killed run
(even by SIGKILL) loses at most the jobs that were running; starting it again grades only the
rest, and merges every finished result again (merging is idempotent). A changed submission or
assignment is regraded and the old result is appended to ``OUT/history.jsonl`` (its feedback moved
under ``OUT/history/``).
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from grader.course.model import find_chapters
from grader.course.nbgrader_setup import ensure_tools_on_path
from grader.grading import exports, feedback
from grader.grading.class_gradebook import ClassGradebook, now_slug
from grader.grading.jobs import JobResult, JobSpec, job_dir
from grader.grading.progress import Progress
from grader.grading.sandbox import find_bwrap
from grader.grading.settings import GradingSettings
from grader.grading.submissions import Job, NothingToGrade, find_jobs, fingerprint, open_submissions
from grader.grading.template import Template
from grader.grading.worker import quiet_nbgrader
from grader.paths import COURSE_DIR

#: Results merged into the class gradebook at once (or after ``MERGE_SECONDS``, whichever comes first).
MERGE_BATCH, MERGE_SECONDS = 64, 2.0


def autograde(submissions: Path, out: Path, course_dir: Path = COURSE_DIR,
              settings: GradingSettings | None = None, assignments: list[str] | None = None,
              log=print) -> list[JobResult]:
    """Grade every (student, assignment) under ``submissions`` into ``out``; return the results."""
    settings = settings or GradingSettings()
    ensure_tools_on_path()
    quiet_nbgrader()
    out, submissions = Path(out).resolve(), Path(submissions).resolve()
    out.mkdir(parents=True, exist_ok=True)
    if out == submissions or _inside(out, submissions) or _inside(submissions, out):
        raise SystemExit("--out must not be inside SUBMISSIONS (nor the other way round)")
    chapters = {c.chapter_id: c for c in find_chapters(Path(course_dir))}
    jobs = _find(submissions, out, sorted(chapters), assignments, log)
    pool = _pool(settings)  # local workers start while the template is built
    try:
        template = Template.prepare(out, [chapters[a] for a in sorted({j.assignment_id for j in jobs})])
        log(f"prepared {', '.join(sorted(template.fingerprints))} from the course source")
        bwrap = _sandbox(settings, log)
        gradebook = ClassGradebook.open(out, template, settings.db_url)
        feedback.install_mathjax(out / "feedback")
        specs = [_spec(job, out, template, settings, bwrap) for job in jobs]
        results, todo = _current_results(out, specs, log)
        progress = Progress(len(todo), log)
        for batch in _batches(_graded(pool, todo, progress)):
            gradebook.merge(batch)
            for result in batch:
                results[result.key] = result
                _publish_feedback(out, result)
    finally:
        pool.close()
    ordered = [results[s.key] for s in specs if s.key in results]
    earlier = [r for r in ordered if r.key not in progress.seen]
    gradebook.merge(earlier)  # idempotent: heals a run killed between a result and its merge
    for result in earlier:
        if not (out / "feedback" / result.student_id / result.assignment_id).exists():
            _publish_feedback(out, result)
    _reports(out, course_dir, gradebook, ordered, log)
    log("")
    log(exports.grade_table(ordered))
    log("")
    where = f"the Dask cluster at {settings.cluster}" if settings.cluster else f"{settings.jobs} worker(s)"
    log(f"{len(ordered)} results: {exports.summary_line(ordered)}; {progress.elapsed():.1f} s with {where}, "
        f"{'sandboxed (bubblewrap)' if bwrap else 'NOT sandboxed'}")
    log(f"grades: {out / 'grades.csv'}  status: {out / 'status.csv'}  feedback: {out / 'feedback'}")
    return ordered


# -- the parts -----------------------------------------------------------------------------------

def _find(submissions: Path, out: Path, chapter_ids: list[str], only: list[str] | None, log) -> list[Job]:
    root, unplaced = open_submissions(submissions, out, chapter_ids, only)
    for name in unplaced:
        log(f"warning: could not place {name}: expected <student>/<chapter>/<notebook>.ipynb or a "
            "zip_collect name such as 07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb")
    jobs = find_jobs(root, chapter_ids, only, log=log)
    if not jobs:
        listed = f" (could not place: {', '.join(unplaced[:10])}{' ...' if len(unplaced) > 10 else ''})" \
            if unplaced else ""
        raise NothingToGrade(f"nothing to grade in {submissions}{listed}")
    return jobs


def _pool(settings: GradingSettings):
    if settings.cluster:
        from grader.grading.dask_pool import DaskPool

        return DaskPool(settings.cluster)
    from grader.grading.local_pool import LocalPool

    return LocalPool(settings.jobs)


def _spec(job: Job, out: Path, template: Template, settings: GradingSettings, bwrap: str | None) -> JobSpec:
    a = job.assignment_id
    return JobSpec(job.student_id, a, str(job.folder) if job.folder else None, fingerprint(job.folder),
                   template.fingerprints[a], template.max_scores[a], str(out), str(template.root), settings,
                   template.facts[a], bwrap, str(template.cache / "diagnosis"),
                   str(template.kernel_library(a)) if template.kernel_library(a) else None)


def _current_results(out: Path, specs: list[JobSpec], log) -> tuple[dict[str, JobResult], list[JobSpec]]:
    """The results that are still current, and the specs that need grading (old results archived)."""
    results: dict[str, JobResult] = {}
    todo, regraded = [], 0
    for spec in specs:
        previous = JobResult.read(job_dir(out, spec.student_id, spec.assignment_id) / "result.json")
        if previous is not None and previous.is_current(spec):
            results[spec.key] = previous
            continue
        if previous is not None:
            _archive(out, previous)
            regraded += 1
        todo.append(spec)
    if results or regraded:
        log(f"{len(results)} of {len(specs)} already graded (resuming); grading {len(todo)}"
            + (f", of which {regraded} regraded: the submission or the assignment changed" if regraded else ""))
    return results, todo


def _graded(pool, specs: list[JobSpec], progress: Progress) -> Iterator[JobResult]:
    for result in pool.run(specs):
        progress.update(result)
        yield result


def _batches(results: Iterable[JobResult]) -> Iterator[list[JobResult]]:
    """Results in batches for the gradebook: ``MERGE_BATCH`` at most, none older than ``MERGE_SECONDS``."""
    batch: list[JobResult] = []
    started = time.monotonic()
    for result in results:
        if not batch:
            started = time.monotonic()
        batch.append(result)
        if len(batch) >= MERGE_BATCH or time.monotonic() - started >= MERGE_SECONDS:
            yield batch
            batch = []
    if batch:
        yield batch


def _publish_feedback(out: Path, result: JobResult) -> None:
    """Copy a result's feedback pages to ``OUT/feedback/<student>/<assignment>/``."""
    source = job_dir(out, result.student_id, result.assignment_id)
    target = out / "feedback" / result.student_id / result.assignment_id
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for rel in result.feedback:
        if (source / rel).exists():
            shutil.copy2(source / rel, target / Path(rel).name)


def _archive(out: Path, previous: JobResult) -> None:
    """Keep a superseded result: a line in history.jsonl and its feedback under history/."""
    stamp = now_slug()
    with open(out / "history.jsonl", "a") as handle:
        handle.write(
            json.dumps({"archived_at": stamp, "result": json.loads(previous.to_json())}, sort_keys=True) + "\n"
        )
    pages = out / "feedback" / previous.student_id / previous.assignment_id
    if pages.exists():
        keep = out / "history" / previous.student_id / previous.assignment_id / stamp
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(pages), keep)


def _reports(out: Path, course_dir: Path, gradebook: ClassGradebook, results: list[JobResult], log) -> None:
    gradebook.export_csv(out / "grades.csv")
    exports.write_status(results, out / "status.csv")
    exports.write_exercise_scores(results, out / "scores_by_exercise.csv")
    try:  # the class report only summarises: its failure is logged and never costs a grade
        from grader.class_report import write_report

        log(f"class report: {write_report(out, course_dir)}")
    except Exception as exc:
        log(f"warning: the class report could not be written: {type(exc).__name__}: {exc}")


def _sandbox(settings: GradingSettings, log) -> str | None:
    if settings.sandbox == "off":
        log("warning: the sandbox is off: student code runs with your rights and network")
        return None
    bwrap = find_bwrap()
    if bwrap is None:
        if settings.sandbox == "on":
            raise SystemExit("--sandbox on, but bubblewrap (bwrap) is missing or does not work here")
        log("warning: bubblewrap (bwrap) is not available: grading WITHOUT a sandbox; student code "
            "runs with your rights and network (install the Debian package bubblewrap)")
    return bwrap


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False
