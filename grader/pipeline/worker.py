"""Grade one (student, assignment) in its own nbgrader course directory.

``grade_job(spec)`` runs in a worker process (local or on a Dask worker). It never touches another
job's files or the class gradebook: everything happens in ``OUT/jobs/<student>/<assignment>/``,
and ``result.json`` is written there last, atomically (a job with a current ``result.json`` is
finished, anything else is redone). The job is a list of named steps over one ``JobResult``; a
step may end the job early (nothing submitted, no readable notebook, nbgrader failed):

``prepare``          a private nbgrader course: the assignment's source and an empty gradebook
``snapshot``         copy the submission in: regular files only, nothing huge, no links
``stamp``            the received time (``received``) as nbgrader's ``timestamp.txt``, and
                     nbgrader's deadline terms (due date, extension) in the job's gradebook
``check_notebooks``  each notebook parses; unknown grade ids become ordinary cells; files that
                     would shadow trusted modules go
``autograde``        nbgrader's autograde through ``nbgrader_steps.AUTOGRADE_STEPS`` (the judge runs here)
``read_reports``     what the steps found: limits hit, verdicts, static findings, messages
``read_scores``      the job's gradebook: per cell, then per exercise
``diagnose``         name the known mistake each failing exercise behaves like, when one clearly fits
``render_feedback`` nbgrader's feedback pages, sanitised, with the summary box on top
"""

from __future__ import annotations

import fcntl
import json
import pickle
import secrets
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grader.course.nbgrader_setup import COURSE_ID, ensure_tools_on_path
from grader.feedback import feedback_page
from grader.files import write_atomic
from grader.i18n.wording import words_for
from grader.intake import notebook_check, received, submissions
from grader.judge.catalogue import CORRECT, catalogue
from grader.judge.diagnose import diagnose as judge_diagnose
from grader.judge.static_rules import MACHINERY, REFERENCE
from grader.pipeline import job_gradebook
from grader.pipeline.bookkeeping import quick_job_gradebooks
from grader.pipeline.nbgrader_steps import EXECUTE_REPORT, MESSAGES_REPORT, STATIC_REPORT, TRANSCRIPTS, autograde_config
from grader.records.jobs import JobResult, JobSpec, Status, job_dir, score_exercises
from grader.sandbox.cleanup import remove_tree


@contextmanager
def job_lock(folder: Path):
    """Only one process grades a job at a time (an orphan of a killed run may still be at it)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def quiet_nbgrader() -> None:
    """nbgrader's own gradebook calls warn about SQLAlchemy sessions on every submission."""
    try:
        from sqlalchemy.exc import SAWarning

        warnings.filterwarnings("ignore", category=SAWarning)
    except ImportError:
        pass


@dataclass
class JobInProgress:
    """One job while it is graded: its spec, its folders, its result so far."""

    spec: JobSpec
    folder: Path
    result: JobResult
    over: bool = False  # a step found there is nothing more to grade
    api: Any = None  # nbgrader's API for the job's course directory
    notebooks: tuple[str, ...] = ()

    @property
    def course(self) -> Path:
        return self.folder / "course"

    @property
    def source(self) -> Path:
        return self.course / "source" / self.spec.assignment_id

    @property
    def submitted(self) -> Path:
        return self.course / "submitted" / self.spec.student_id / self.spec.assignment_id

    def end(self, status: Status, reason: str | None = None) -> None:
        """Stop grading: nothing (more) can be graded; every grade is 0."""
        self.result.flag(status, reason)
        self.result.score, self.result.cells = 0.0, {}
        self.over = True


def grade_job(spec: JobSpec) -> JobResult:
    """Grade the job ``spec`` describes (or return its current result) and return the result."""
    ensure_tools_on_path()
    quiet_nbgrader()
    quick_job_gradebooks()
    folder = job_dir(Path(spec.out), spec.student_id, spec.assignment_id)
    with job_lock(folder):
        existing = JobResult.read(folder / "result.json")
        if existing is not None and existing.is_current(spec):
            return existing
        for item in folder.iterdir():
            if item.name != ".lock":
                remove_tree(item)
        started = time.monotonic()
        seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        job = JobInProgress(spec, folder, JobResult.start(spec, seed))
        for step in STEPS:
            clock, cpu = time.monotonic(), time.process_time()
            step(job)
            job.result.timing[f"{step.__name__}_s"] = round(time.monotonic() - clock, 3)
            job.result.timing[f"{step.__name__}_cpu"] = round(time.process_time() - cpu, 3)  # this worker's
            if job.over:
                break
        if not job.result.feedback:
            standalone_feedback(job)
        job.result.seconds = round(time.monotonic() - started, 2)
        write_atomic(folder / "result.json", job.result.to_json())
        return job.result


# -- the steps ---------------------------------------------------------------------------------

def prepare(job: JobInProgress) -> None:
    template = Path(job.spec.template)
    shutil.copytree(template / "source" / job.spec.assignment_id, job.source)
    shutil.copy2(template / "gradebook.db", job.course / "gradebook.db")
    job.notebooks = tuple(sorted(p.name for p in job.source.glob("*.ipynb")))
    if job.spec.folder is None:
        job.end(Status.MISSING, f"no {job.spec.assignment_id} folder was submitted")


def snapshot(job: JobInProgress) -> None:
    job.result.reasons += submissions.snapshot(Path(job.spec.folder), job.submitted, job.notebooks)


def stamp(job: JobInProgress) -> None:
    """nbgrader's lateness works from ``timestamp.txt`` and the gradebook's due date: write the
    received time there (never the student's stamp, which ``snapshot`` left out), and the due date
    and extension into the job's gradebook, so that nbgrader's ``AssignLatePenalties`` decides."""
    spec, result = job.spec, job.result
    if spec.received_at:
        (job.submitted / "timestamp.txt").write_text(received.nbgrader_stamp(spec.received_at))
        result.timestamp = spec.received_at
    if spec.duedate is None and spec.extension_seconds is None:
        return
    from datetime import timedelta

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{job.course / 'gradebook.db'}", COURSE_ID) as gb:
        if spec.duedate:
            gb.update_or_create_assignment(spec.assignment_id, duedate=received.parse_time(spec.duedate))
        if spec.extension_seconds:
            gb.update_or_create_student(spec.student_id)
            gb.update_or_create_submission(spec.assignment_id, spec.student_id,
                                           extension=timedelta(seconds=spec.extension_seconds))


def check_notebooks(job: JobInProgress) -> None:
    problems: dict[str, tuple[Status, str]] = {}
    for name in job.notebooks:
        path = job.submitted / name
        if not path.exists():
            problems[name] = (Status.MISSING, f"{name} was not submitted")
            continue
        why = notebook_check.check_notebook(path, job.source / name)
        if why:
            problems[name] = (Status.MALFORMED, f"{name}: {why}")
            path.unlink()
            continue
        job.result.reasons += notebook_check.normalise_grade_ids(path, job.source / name)
        job.result.reasons += notebook_check.restore_tags(path, job.source / name)
        job.result.reasons += notebook_check.restore_order(path, job.source / name)
    shadows = notebook_check.remove_shadowing(job.submitted)
    if shadows:
        job.result.flag(Status.FLAGGED, "files that would shadow trusted modules were removed: " + ", ".join(shadows))
    nothing_left = len(problems) == len(job.notebooks)
    for status, message in problems.values():
        job.result.flag(status if nothing_left else Status.FLAGGED, message)
    if nothing_left:
        job.end(job.result.status)


#: Why this worker process grades with cold kernels although warm ones were asked for (None: it does not).
_cold_because: str | None = None


def kernel_kind(spec: JobSpec) -> tuple[bool, str]:
    """Whether this job's kernel is forked warm, and what ``JobResult.kernel`` says about it."""
    asked = spec.kernels or spec.settings.kernels
    if not spec.bwrap:
        return False, "cold: no sandbox (a warm kernel is isolated by the sandbox's means)"
    if asked.startswith("cold:"):
        return False, asked
    if asked == "cold":
        return False, "cold: asked for (--kernels cold)"
    if not sys.platform.startswith("linux"):
        return False, f"cold: warm kernels need Linux namespaces ({sys.platform})"
    if _cold_because is not None:
        return False, f"cold: {_cold_because}"
    return True, "warm"


def autograde(job: JobInProgress) -> None:
    global _cold_because
    warm, job.result.kernel = kernel_kind(job.spec)
    outcome = _autograde(job, warm)
    execute = _read_json(job.folder / EXECUTE_REPORT) or {}
    warm_error = execute.get("warm_error") or execute.get("not_started")
    if warm and warm_error:  # the warm path failed before any student code ran: grade again, cold
        _cold_because = f"the warm path could not be had: {warm_error}"[:500]
        job.result.kernel = f"cold: {_cold_because}"
        outcome = _autograde(job, False)
        execute = _read_json(job.folder / EXECUTE_REPORT) or {}
    if execute.get("not_started"):  # cold too: the machine cannot run a kernel; no grade, not a 0
        job.result.fingerprint = None  # never current: the next run grades it
        job.end(Status.NOT_GRADED, f"not graded: the grading machine could not start the kernel "
                                   f"({_first_error(execute['not_started'])}); the next run grades it")
        return
    if not outcome.get("success"):
        text = "\n".join(t for t in (outcome.get("error"), outcome.get("log")) if t)
        job.result.error_log = text[-20_000:]
        job.end(Status.CRASHED, f"nbgrader could not grade the notebook: {_first_error(text)}")


def _autograde(job: JobInProgress, warm: bool) -> dict:
    """nbgrader's autograde of the job, its kernel warm or cold; nbgrader's outcome."""
    scratch = Path(tempfile.mkdtemp(prefix="cg-"))  # short: unix socket paths are limited
    outcome: dict = {"success": False, "error": "the grader failed before nbgrader ran"}
    try:
        files = Path(job.spec.template) / "source" / job.spec.assignment_id  # as the job's, and shared by all
        course_files = sorted(p for p in files.iterdir() if p.is_file() and p.suffix != ".ipynb")
        config = autograde_config(job.course, job.folder, job.spec.settings, job.spec.facts,
                                  seed=job.result.seed, scratch=scratch, bwrap=job.spec.bwrap,
                                  course_files=course_files, kernel_library=job.spec.kernel_library,
                                  warm=warm)
        from nbgrader.apps import NbGraderAPI

        job.api = NbGraderAPI(config=config)
        clock = time.monotonic()
        outcome = job.api.autograde(job.spec.assignment_id, job.spec.student_id, force=True, create=True)
        job.result.timing["autograde"] = round(time.monotonic() - clock, 2)
    finally:
        problem = remove_tree(scratch)  # never raises, never follows a link a kernel left there
        if problem:
            job.result.timing["cleanup_error"] = f"the kernel's folder {scratch} was not removed: {problem}"[:300]
    return outcome


def read_reports(job: JobInProgress) -> None:
    result = job.result
    execute = _read_json(job.folder / EXECUTE_REPORT) or {}
    for event in execute.get("events", []):
        if event["kind"] in ("output cut", "process limit"):  # noted, but the notebook was graded as it ran
            result.reasons.append(event["message"])
        else:
            result.flag(Status.CRASHED if event["kind"] == "memory" else Status(event["kind"]), event["message"])
    result.execution = {k: execute.get(k) for k in ("seconds", "peak_rss_mb", "output_bytes", "memory_limit",
                                                  "process_limit")}
    result.timing.update(execute.get("timing") or {})
    result.verdicts = execute.get("verdicts", {})
    for finding in _read_json(job.folder / STATIC_REPORT) or []:
        where = f"cell {finding['cell']}, {finding['message']}"
        if finding["kind"] == REFERENCE:
            result.reasons.append(f"{finding['exercise']} scores 0: {where}")
        elif finding["kind"] == MACHINERY:
            result.flag(Status.FLAGGED, f"held for review with 0 points: {where}")
        else:
            result.flag(Status.FLAGGED, f"for review: {where}")
    result.messages = _read_json(job.folder / MESSAGES_REPORT) or {}


def read_scores(job: JobInProgress) -> None:
    data = job_gradebook.read_scores(job.api.coursedir.db_url, job.spec.assignment_id, job.spec.student_id)
    result = job.result
    result.cells, result.comments = data["cells"], data["comments"]
    result.timestamp = data["timestamp"] or result.timestamp
    result.score, result.max_score = data["score"], data["max_score"]
    result.late_seconds, result.late_penalties = data["late_seconds"], data["late_penalties"]
    for note in (received.clock_note(job.spec.received_at, job.spec.student_stamp, job.spec.duedate),  # after
                 received.late_note(result.late_seconds, result.late_penalty)):  # the grade's reasons
        if note:
            result.reasons.append(note)
    result.exercises = [row for notebook, listed in job.spec.facts.exercises.items()
                        for row in score_exercises(notebook, listed, _cell_score(result.cells, notebook))]


def diagnose(job: JobInProgress) -> None:
    """For each failing exercise, the known mistake its diagnosis runs agree with (``judge.diagnose``)."""
    transcripts = _read_pickle(job.folder / TRANSCRIPTS) or {}
    if not transcripts or not job.spec.diagnosis_cache or not job.spec.settings.diagnose:
        return
    clock = time.monotonic()
    facts = job.spec.facts
    for notebook, listed in facts.exercises.items():
        for exercise in listed:
            student = {g: t for g, t in transcripts.items() if g in exercise.test_ids}
            mistakes = [m for a in exercise.answer_ids for m in facts.mistakes.get(a, [])]
            if not student or not mistakes:
                continue
            try:
                runs = catalogue(Path(job.spec.diagnosis_cache), job.source / f"{notebook}.ipynb",
                                 list(exercise.answer_ids), list(exercise.test_ids), mistakes,
                                 kernel_library=job.spec.kernel_library)
            except Exception as error:  # a diagnosis only helps: it never costs a grade
                job.result.timing["diagnosis_error"] = f"{type(error).__name__}: {error}"[:300]
                continue
            correct = runs.pop(CORRECT, {})
            found = judge_diagnose(student, runs, correct)
            if found is not None:
                known = next(m for m in mistakes if m["name"] == found.name)
                said = words_for(job.spec.assignment_id).mistake  # in the edition's language
                job.result.diagnoses[exercise.name] = {
                    "name": found.name, "mistake": said(known["mistake"]), "why": said(known["why"]),
                    "see": said(known["see"]), "hint": said(known["hint"]), "agreement": found.agreement}
    job.result.timing["diagnosis"] = round(time.monotonic() - clock, 2)


def render_feedback(job: JobInProgress) -> None:
    student, assignment = job.spec.student_id, job.spec.assignment_id
    clock = time.monotonic()
    made = job.api.generate_feedback(assignment, student, force=True)
    job.result.timing["feedback"] = round(time.monotonic() - clock, 2)
    pages = sorted((job.course / "feedback" / student / assignment).glob("*.html"))
    if not made.get("success") or not pages:
        job.result.reasons.append("nbgrader could not render feedback: "
                                  + _last_line(made.get("error") or made.get("log") or ""))
        return
    target = job.folder / "feedback"
    target.mkdir(exist_ok=True)
    facts = job.spec.facts
    for name in job.notebooks:  # an answer that raised at top level is said, even with full marks
        graded = job.course / "autograded" / student / assignment / name
        notes = feedback_page.answer_cell_errors(graded, facts.titles, words_for(assignment))
        job.result.reasons += [n for n in notes if n not in job.result.reasons]
    for page in pages:
        feedback_page.publish_page(page, target / page.name, job.result, facts.titles, facts.exercise_tests)
    job.result.feedback = [str((target / p.name).relative_to(job.folder)) for p in pages]


STEPS: tuple[Callable[[JobInProgress], None], ...] = (
    prepare, snapshot, stamp, check_notebooks, autograde, read_reports, read_scores, diagnose, render_feedback)


def standalone_feedback(job: JobInProgress) -> None:
    """A page per notebook for a job nbgrader could not grade (missing, malformed, crashed)."""
    pages = []
    for name in job.notebooks:
        page = job.folder / "feedback" / (Path(name).stem + ".html")
        feedback_page.standalone_page(page, job.result, job.spec.facts.titles, job.spec.facts.exercise_tests)
        pages.append(str(page.relative_to(job.folder)))
    job.result.feedback = pages


# -- small parts ---------------------------------------------------------------------------------

def _cell_score(cells: dict[str, dict], notebook: str):
    def score(grade_id: str) -> float | None:
        cell = cells.get(f"{notebook}/{grade_id}")
        if cell is None:
            return None
        manual = cell.get("manual_score")
        return float(manual) if manual is not None else float(cell.get("auto_score") or 0.0)

    return score


def _read_pickle(path: Path):
    """A file the judge wrote in this job's folder (never one a kernel could reach)."""
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError):
        return None


def _read_json(path: Path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def _first_error(text: str) -> str:
    """The line of nbgrader's log that says what went wrong (not "see the above traceback")."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if ("Error" in line or "Exception" in line) and "see the above traceback" not in line.lower():
            return line[:300]
    return lines[-1][:300] if lines else "unknown error"


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "unknown error"
