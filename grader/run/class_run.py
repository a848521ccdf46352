"""``python -m grader autograde``: grade a class in parallel, resumably, and report.

``autograde`` is the orchestration; each part lives in its own module:

1. ``intake.submissions``: find every (student, assignment) in SUBMISSIONS (a folder or a zip);
2. ``pipeline.template_course``: the needed assignments' source, release and empty gradebook, built once;
3. ``gradebook.class_gradebook``: the class gradebook (SQLite in OUT, or a server database);
4. a pool (``local_pool``, or ``dask_pool`` with ``--cluster``) grades every job that has no current
   result (``pipeline.worker.grade_job``), yielding ``JobResult``s as they finish;
5. results are merged into the class gradebook in batches, and their feedback published to
   ``OUT/feedback`` (``out_folder``);
6. ``gradebook.run_exports``, ``similarity`` and ``class_report``: the CSV files, the report, the
   grade table; ``console`` says which kernels and limits held the run.

Resuming: a job is finished when ``OUT/jobs/<student>/<assignment>/result.json`` matches the
submission's fingerprint (its file names and bytes), the assignment's source and the job's terms
(its received time, due date and extension: nbgrader's late penalty). A killed run (even by
SIGKILL) loses at most the jobs that were running; starting it again grades only the rest, and
merges every finished result again (merging is idempotent). A changed submission or assignment is
regraded and the old result is appended to ``OUT/history.jsonl`` (its feedback moved under
``OUT/history/``); changed terms alone regrade with the same seed.

One run at a time writes an OUT (and a SQLite class gradebook): a second one, or a run on the
grading service's OUT (``grader.service``, which holds it while it runs), is refused with a message
(``locks.exclusive``). ``Run`` holds what a run prepares once (template, sandbox, class gradebook): the
grading service grades each attempt through it, with the same code.
"""

from __future__ import annotations

import shutil
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from grader import csv_safe, similarity
from grader.course.nbgrader_setup import ensure_tools_on_path
from grader.errors import UsageError
from grader.gradebook import run_exports
from grader.gradebook.class_gradebook import ClassGradebook
from grader.i18n.chapters import all_chapters
from grader.i18n.editions import chapter_key
from grader.intake import received
from grader.intake.submissions import INPUT, FoundJob, Intake, NothingToGrade, find_jobs, fingerprint, open_submissions
from grader.intake.zip_uploads import PLATFORM_TIMES, ZipLimits
from grader.paths import COURSE_DIR
from grader.pipeline.template_course import TemplateCourse
from grader.pipeline.worker import quiet_nbgrader
from grader.records.jobs import JobResult, JobSpec, job_dir
from grader.records.settings import GradingSettings
from grader.run.console import limits_summary
from grader.run.locks import exclusive, gradebook_lock_file, out_lock
from grader.run.out_folder import archive_result, publish_feedback, read_seeds
from grader.run.progress import Progress
from grader.sandbox.policy import choose_sandbox

#: Results merged into the class gradebook at once (or after ``MERGE_SECONDS``, whichever comes first).
MERGE_BATCH, MERGE_SECONDS = 64, 2.0


def autograde(submissions: Path, out: Path, course_dir: Path = COURSE_DIR,
              settings: GradingSettings | None = None, assignments: list[str] | None = None,
              log=print, received_times: Path | None = None, seeds_from: Path | None = None) -> list[JobResult]:
    """Grade every (student, assignment) under ``submissions`` into ``out``; return the results.

    ``received_times``: a CSV of received times the instructor vouches for (``received``);
    ``seeds_from``: another OUT whose results' seeds are reused (to reproduce its grades).
    """
    settings = settings or GradingSettings()
    ensure_tools_on_path()
    quiet_nbgrader()
    out, submissions = Path(out).resolve(), Path(submissions).resolve()
    if out == submissions or _inside(out, submissions) or _inside(submissions, out):
        raise UsageError("--out must not be inside SUBMISSIONS (nor the other way round)")
    if not submissions.exists():
        raise UsageError(f"{submissions}: no such folder or zip file")
    chapters = {c.chapter_id: c for c in all_chapters(Path(course_dir))}  # every edition's
    unknown = sorted(set(assignments or []) - set(chapters))
    if unknown:
        raise UsageError(f"--assignment: no such chapter in {course_dir}: {', '.join(unknown)}")
    seeds = read_seeds(Path(seeds_from)) if seeds_from else {}
    with _output_folder(out), exclusive(out_lock(out), "python -m grader autograde", f"the OUT folder {out}"):
        try:
            intake, jobs = _find(submissions, out, chapters, assignments, settings, log)
            times = _received_times(intake.root, received_times)
            return _grade(intake, jobs, out, course_dir, chapters, settings, log, times, seeds)
        finally:  # a zip's copy is graded into OUT/jobs: it is not kept
            shutil.rmtree(out / INPUT, ignore_errors=True)


def _grade(intake: Intake, jobs: list[FoundJob], out: Path, course_dir: Path, chapters: dict,
           settings: GradingSettings, log, times: dict, seeds: dict) -> list[JobResult]:
    run_exports.write_files(intake.files, out / "files.csv")
    pool = make_pool(settings)  # local workers start while the template is built
    try:
        run = Run.prepare(out, [chapters[a] for a in sorted({j.assignment_id for j in jobs})], settings, log)
        with run.gradebook_lock():
            terms = run.gradebook.terms(sorted(run.template.fingerprints), sorted({j.student_id for j in jobs}))
            specs = [run.spec(job, times.get((job.student_id, job.assignment_id)),
                              terms.get((job.student_id, job.assignment_id)), seeds.get(job.key))
                     for job in jobs]
            results, todo = _current_results(out, specs, log)
            todo = with_kernels(todo, settings)
            progress = Progress(len(todo), log)
            for batch in _batches(_graded(pool, todo, progress)):
                run.gradebook.merge(batch)
                for result in batch:
                    results[result.key] = result
                    publish_feedback(out, result)
    finally:
        pool.close()
    ordered = [results[s.key] for s in specs if s.key in results]
    earlier = [r for r in ordered if r.key not in progress.seen]
    with run.gradebook_lock():
        run.gradebook.merge(earlier)  # idempotent: heals a run killed between a result and its merge
    for result in earlier:
        if not (out / "feedback" / result.student_id / result.assignment_id).exists():
            publish_feedback(out, result)
    write_reports(out, course_dir, run.gradebook, ordered, log)
    log("")
    log(run_exports.grade_table(ordered))
    if intake.not_placed:
        log("")
        log(run_exports.not_placed_table(intake.not_placed))
    log("")
    where = f"the Dask cluster at {settings.cluster}" if settings.cluster else f"{settings.jobs} worker(s)"
    log(f"{len(ordered)} results: {run_exports.summary_line(ordered)}; {progress.elapsed():.1f} s with {where}, "
        f"{'sandboxed (bubblewrap)' if run.bwrap else 'NOT sandboxed'}")
    for line in limits_summary([r for r in ordered if r.key in progress.seen], settings):
        log(line)
    log(f"grades: {out / 'grades.csv'}  status: {out / 'status.csv'}  feedback: {out / 'feedback'}")
    if run_exports.not_graded_message(ordered):
        log("")
        log(run_exports.not_graded_message(ordered))
    return ordered


@dataclass
class Run:
    """What a run prepares once, for any number of jobs: the template course, the sandbox, the
    class gradebook (``python -m grader autograde`` and the grading service both grade through it)."""

    out: Path
    settings: GradingSettings
    template: TemplateCourse
    bwrap: str | None
    gradebook: ClassGradebook

    @classmethod
    def prepare(cls, out: Path, chapters: list, settings: GradingSettings, log=print) -> Run:
        template = TemplateCourse.prepare(out, chapters)
        log(f"prepared {', '.join(sorted(template.fingerprints))} from the course source")
        bwrap = choose_sandbox(settings, log)
        gradebook = ClassGradebook.open(out, template, settings.db_url)
        return cls(Path(out), settings, template, bwrap, gradebook)

    def spec(self, job: FoundJob, when: received.Received | None = None, terms: dict | None = None,
             seed: int | None = None, out: Path | None = None, notes: list[str] = ()) -> JobSpec:
        """The ``JobSpec`` of one job, graded into ``out`` (default: the run's OUT); ``when``: its
        received time; ``terms``: its due date and extension (``ClassGradebook.terms``); ``notes``:
        what collecting it left out (shown in its feedback)."""
        a = job.assignment_id
        when, terms = when or received.Received(), terms or {}
        library = self.template.kernel_library(a)
        return JobSpec(job.student_id, a, str(job.folder) if job.folder else None, fingerprint(job.folder),
                       self.template.fingerprints[a], self.template.max_scores[a], str(out or self.out),
                       str(self.template.root), self.settings, self.template.facts[a], self.bwrap,
                       str(self.template.cache / "diagnosis"), kernel_library=library and str(library),
                       seed=seed, received_at=when.at, received_by=when.by,
                       student_stamp=received.student_stamp(job.folder), duedate=terms.get("duedate"),
                       extension_seconds=terms.get("extension_seconds"), notes=list(notes))

    @contextmanager
    def gradebook_lock(self):
        """Hold the SQLite class gradebook (when it is one) against another run or the service."""
        path = self.gradebook.sqlite_path()
        if path is None:
            yield
            return
        with exclusive(gradebook_lock_file(path), "python -m grader autograde", f"the class gradebook {path}"):
            yield


# -- the parts -----------------------------------------------------------------------------------

def _find(submissions: Path, out: Path, chapters: dict, only: list[str] | None, settings: GradingSettings,
          log) -> tuple[Intake, list[FoundJob]]:
    notebooks = {c: {Path(chapter.notebook_name).stem} for c, chapter in chapters.items()}
    limits = ZipLimits(total_bytes=settings.zip_limit_mb * 2**20)
    intake = open_submissions(submissions, out, notebooks, only, limits)
    for record in intake.not_placed:
        log(f"warning: {record.path}: {record.note}")
    jobs = find_jobs(intake.root, sorted(chapters), only, log=lambda *a: None, chapter_of=chapter_key)
    if not jobs:
        listed = [f"{r.path} ({r.note})" for r in intake.not_placed[:10]]
        more = f"; and {len(intake.not_placed) - 10} more" if len(intake.not_placed) > 10 else ""
        raise NothingToGrade(f"nothing to grade in {submissions}"
                             + (f"; could not place: {'; '.join(listed)}{more}" if listed else ""))
    return intake, jobs


def _received_times(root: Path, instructors: Path | None) -> dict[tuple[str, str], received.Received]:
    """The received times the run can vouch for: a zip's platform times, then the instructor's list."""
    times = {}
    if (root / PLATFORM_TIMES).is_file():
        times.update(received.read_received_times(root / PLATFORM_TIMES))
    if instructors:
        times.update(received.read_received_times(Path(instructors)))
    return times




@contextmanager
def _output_folder(out: Path):
    """OUT, made for the run; removed again when the run made it and failed before grading anyone."""
    made = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    try:
        yield out
    except BaseException:
        if made and not any((out / "jobs").glob("*/*/result.json")):
            shutil.rmtree(out, ignore_errors=True)
        raise


def make_pool(settings: GradingSettings):
    """The workers: ``LocalPool`` of ``settings.jobs`` processes, or ``DaskPool`` on ``settings.cluster``."""
    if settings.cluster:
        from grader.run.dask_pool import DaskPool

        return DaskPool(settings.cluster)
    from grader.run.local_pool import LocalPool

    return LocalPool(settings.jobs)


def with_kernels(todo: list[JobSpec], settings: GradingSettings) -> list[JobSpec]:
    """``--kernels auto``: a chapter's kernels are warm when a worker grades at least two of its
    notebooks (a template costs what one cold kernel's imports cost, and pays off from the second),
    else cold; ``warm`` and ``cold`` are taken as asked."""
    if settings.kernels != "auto":
        return [replace(s, kernels=settings.kernels) for s in todo]
    workers = 1 if settings.cluster else max(1, settings.jobs)  # on a cluster: each worker keeps its own
    count = Counter(s.assignment_id for s in todo)
    return [replace(s, kernels="warm" if count[s.assignment_id] > workers else
                    f"cold: {count[s.assignment_id]} notebook(s) of the chapter for {workers} worker(s), and a "
                    "warm kernel's template pays off from a worker's second") for s in todo]


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
            archive_result(out, previous)
            regraded += 1
            same = (previous.fingerprint, previous.course_fingerprint) == (spec.fingerprint, spec.course_fingerprint)
            if same and spec.seed is None:  # only the terms changed: the same hidden inputs
                spec = replace(spec, seed=previous.seed)
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


def write_reports(out: Path, course_dir: Path, gradebook: ClassGradebook, results: list[JobResult], log,
                  submitted=None) -> None:
    """``grades.csv`` (nbgrader's, from the class gradebook), ``status.csv``, the per-exercise
    scores, similar work (of ``submitted``: (student, assignment) -> notebooks' folder; default:
    the notebooks under ``out``) and the class report."""
    gradebook.export_csv(out / "grades.csv")
    run_exports.blank_not_graded(results, out / "grades.csv")
    csv_safe.neutralise_file(out / "grades.csv")  # nbgrader's CSV holds the students' own names too
    run_exports.write_status(results, out / "status.csv")
    run_exports.write_exercise_scores(results, out / "scores_by_exercise.csv")
    similarity.write_for_run(out, course_dir, log, submitted)  # similar work, for the instructor; never changes a grade
    try:  # the class report only summarises: its failure is logged and never costs a grade
        from grader.class_report import write_report

        log(f"class report: {write_report(out, course_dir)}")
    except Exception as exc:
        log(f"warning: the class report could not be written: {type(exc).__name__}: {exc}")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False
