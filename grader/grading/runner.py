"""``python -m grader autograde``: grade a class in parallel, resumably, and report.

The steps, each in its own module: ``collect`` the jobs, build a *template* nbgrader course
(source, release, an empty gradebook) from ``--course``, hand every job that has no current
result to a pool of worker processes (``worker.grade_job``: sanitise, execute, verify, score,
feedback), merge each result into the class gradebook as it arrives, then ``report``.

Resuming: a job is finished when ``OUT/jobs/<student>/<assignment>/result.json`` exists and
matches the submission's fingerprint (its file names and bytes) and the assignment's source. A
killed run (even by SIGKILL) loses at most the jobs that were running; starting it again grades
only the rest. A changed submission or assignment is regraded and the old result is appended to
``OUT/history.jsonl`` (its feedback moved under ``OUT/history/``).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from pathlib import Path

from nbgrader.api import Gradebook

from grader.course.model import find_chapters
from grader.course.nbgrader_setup import COURSE_ID, NbgraderCourse, ensure_tools_on_path
from grader.grading import exports, gradebook
from grader.grading.sandbox import find_bwrap
from grader.grading.settings import GradingSettings
from grader.grading.submissions import find_jobs, fingerprint, open_submissions
from grader.grading.worker import grade_job, is_current, job_dir, job_key, quiet_nbgrader, read_result, write_atomic
from grader.paths import COURSE_DIR


def autograde(submissions: Path, out: Path, course_dir: Path = COURSE_DIR,
              settings: GradingSettings | None = None, assignments: list[str] | None = None,
              log=print) -> list[dict]:
    """Grade every (student, assignment) under ``submissions`` into ``out``; return the results."""
    settings = settings or GradingSettings()
    ensure_tools_on_path()
    quiet_nbgrader()
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    submissions = Path(submissions).resolve()
    if out == submissions or _inside(out, submissions) or _inside(submissions, out):
        raise SystemExit("--out must not be inside SUBMISSIONS (nor the other way round)")
    chapters = {c.chapter_id: c for c in find_chapters(Path(course_dir))}
    root = open_submissions(submissions, out, sorted(chapters))
    jobs = find_jobs(root, sorted(chapters), assignments, log=log)
    if not jobs:
        log(f"nothing to grade in {submissions}")
        return []
    needed = sorted({j.assignment_id for j in jobs})
    pool = None if settings.cluster else _new_pool(settings.jobs)  # workers start while the template is built
    for _ in range(max(1, settings.jobs) if pool else 0):
        pool.submit(_warm_up)
    template, fingerprints, max_scores = _template(out, [chapters[a] for a in needed], log)
    bwrap = _sandbox(settings, log)
    db_url = _server_gradebook(settings.db_url, out, template, fingerprints) if settings.db_url \
        else _class_gradebook(out, template, fingerprints)

    specs, results = [], {}
    for job in jobs:
        spec = {
            "student_id": job.student_id, "assignment_id": job.assignment_id,
            "folder": str(job.folder) if job.folder else None,
            "fingerprint": fingerprint(job.folder),
            "course_fingerprint": fingerprints[job.assignment_id],
            "max_score": max_scores[job.assignment_id],
            "out": str(out), "template": str(template), "settings": settings.as_dict(),
            "bwrap": bwrap, "hidden": [str(p) for p in {Path(course_dir).resolve(), submissions, root, out}],
        }
        previous = read_result(job_dir(out, job.student_id, job.assignment_id) / "result.json")
        if is_current(previous, spec):
            results[job.key] = previous
        else:
            if previous:
                _archive(out, previous)
            specs.append(spec)
    if results:
        log(f"{len(results)} of {len(jobs)} already graded (resuming); grading {len(specs)}")
    progress = Progress(len(specs), log)
    published = set()
    if settings.cluster:
        from grader.grading.dask_pool import run_cluster

        finished = run_cluster(specs, settings.cluster, progress, _failed)
    else:
        finished = _run_pool(specs, settings.jobs, progress, pool)
    for result in finished:
        key = job_key(result)
        results[key] = result
        _publish(out, result, db_url)
        published.add(key)
    ordered = [results[j.key] for j in jobs if j.key in results]
    for job in jobs:  # idempotent: also heals a run killed between a result and its merge
        if job.key in results and job.key not in published:
            _publish(out, results[job.key], db_url)
    exports.export_grades(db_url, out / "grades.csv")
    exports.write_status(ordered, out / "status.csv")
    exports.write_exercise_scores(ordered, out / "scores_by_exercise.csv")
    try:  # the class report only summarises: its failure is logged and never costs a grade
        from grader.class_report import write_report

        log(f"class report: {write_report(out, course_dir)}")
    except Exception as exc:
        log(f"warning: the class report could not be written: {type(exc).__name__}: {exc}")
    log("")
    log(exports.grade_table(ordered))
    log("")
    log(f"{len(ordered)} results: {exports.summary_line(ordered)}; "
        f"{progress.elapsed():.1f} s with "
        f"{'the Dask cluster at ' + str(settings.cluster) if settings.cluster else str(settings.jobs) + ' worker(s)'}, "
        f"{'sandboxed (bubblewrap)' if bwrap else 'NOT sandboxed'}")
    log(f"grades: {out / 'grades.csv'}  status: {out / 'status.csv'}  feedback: {out / 'feedback'}")
    return ordered


# -- the template course and the class gradebook ---------------------------------------------------

def _template(out: Path, chapters, log) -> tuple[Path, dict, dict]:
    """A fresh nbgrader course with the assignments' source, release and an empty gradebook."""
    root = out / "template"
    key = {c.chapter_id: _tree_hash(c.folder) for c in chapters}
    key["grader"] = _tree_hash(Path(__file__).resolve().parent.parent / "course", "*.py")  # how sources are read
    stamp = root / "template.json"
    if (read_result(stamp) or {}).get("key") != key:  # else: reuse the template of the last run
        if root.exists():
            shutil.rmtree(root)
        cached = _template_cache() / hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
        if not (cached / "template.json").exists():
            _build_template(cached, chapters, key)
        shutil.copytree(cached, root)
    course = NbgraderCourse(root)
    fingerprints, max_scores = {}, {}
    for chapter in chapters:
        fingerprints[chapter.chapter_id] = _tree_hash(course.source_dir(chapter.chapter_id))
    with Gradebook(course.config.CourseDirectory.db_url, COURSE_ID) as gb:
        for chapter in chapters:
            max_scores[chapter.chapter_id] = gb.find_assignment(chapter.chapter_id).max_score
    log(f"prepared {', '.join(c.chapter_id for c in chapters)} from the course source")
    return root, fingerprints, max_scores


def _template_cache() -> Path:
    """Built templates, shared by runs (the release is made once per version of the course)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "autograd-course-grader" / "templates"


def _build_template(target: Path, chapters, key: dict) -> None:
    """Build in a scratch folder, then move into place: parallel runs never see half of one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    course = NbgraderCourse(scratch)
    for chapter in chapters:
        course.add_source(chapter)
        course.generate_assignment(chapter.chapter_id)
    (scratch / "template.json").write_text(json.dumps({"key": key}))
    try:
        os.rename(scratch, target)
    except OSError:  # another run finished first
        shutil.rmtree(scratch, ignore_errors=True)


def _class_gradebook(out: Path, template: Path, fingerprints: dict) -> str:
    """``OUT/gradebook.db``: made from the template, remade (the old one kept) when an
    assignment's source changed since it was made."""
    db = out / "gradebook.db"
    stamp = out / "gradebook.json"
    known = read_result(stamp) or {}
    changed = [a for a, f in fingerprints.items() if known.get(a) not in (None, f)]
    missing = [a for a in fingerprints if a not in known]
    if db.exists() and changed:
        keep = out / "history" / f"gradebook-{_now_slug()}.db"
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(db, keep)
    if not db.exists():
        shutil.copy2(template / "gradebook.db", db)
        known = {}
    elif missing:
        _add_assignments(db, template, missing)
    known.update(fingerprints)
    write_atomic(stamp, json.dumps(known, indent=1, sort_keys=True))
    return f"sqlite:///{db}"


def _server_gradebook(db_url: str, out: Path, template: Path, fingerprints: dict) -> str:
    """A class gradebook in a server database (``--db-url``, e.g. PostgreSQL): nbgrader makes its
    tables; an assignment it lacks is added, one whose source changed since this OUT last saw it
    is updated in place by nbgrader (grades already there are kept)."""
    db_url = _with_driver(db_url)
    with Gradebook(db_url, COURSE_ID) as gb:
        known = {a.name for a in gb.assignments}
    stamp = out / "gradebook-server.json"
    seen = read_result(stamp) or {}
    course = NbgraderCourse(template, db_url=db_url)
    for assignment_id in sorted(fingerprints):
        if assignment_id not in known or seen.get(assignment_id) != fingerprints[assignment_id]:
            course.generate_assignment(assignment_id)
    from sqlalchemy.engine import make_url

    where = make_url(db_url).set(password=None).render_as_string(hide_password=False)
    write_atomic(stamp, json.dumps({**seen, **fingerprints, "db_url": where}, indent=1, sort_keys=True))
    return db_url


def _with_driver(db_url: str) -> str:
    """``postgresql://`` with the driver that is installed (SQLAlchemy 2.1 defaults to psycopg 3;
    the ``cluster`` extra installs psycopg2-binary)."""
    import importlib.util

    if db_url.startswith("postgresql://") and importlib.util.find_spec("psycopg") is None \
            and importlib.util.find_spec("psycopg2") is not None:
        return "postgresql+psycopg2://" + db_url[len("postgresql://"):]
    return db_url


def _add_assignments(db: Path, template: Path, assignment_ids: list[str]) -> None:
    """Bring new assignments' definitions into an existing class gradebook."""
    course = NbgraderCourse(template, db_url=f"sqlite:///{db}")
    for assignment_id in assignment_ids:
        course.generate_assignment(assignment_id)


# -- the pool ------------------------------------------------------------------------------------

def _worker_init() -> None:
    """Workers die with the main process (Linux), so a killed run leaves no grader behind."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def _new_pool(jobs: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_init)


def _warm_up() -> None:
    """Import what grading needs, once per worker, before the first job arrives."""
    import nbgrader.apps  # noqa: F401

    import grader.grading.worker  # noqa: F401
    from grader.grading import intake

    intake.protected_names()


def _run_pool(specs: list[dict], jobs: int, progress: Progress, pool: ProcessPoolExecutor):
    """Yield each job's result as it is finished; a job that kills its worker twice is crashed."""
    pending = list(specs)
    attempts: dict[str, int] = {}
    while pending:
        pool = pool or _new_pool(jobs)
        with pool:
            futures = {pool.submit(grade_job, spec): spec for spec in pending}
            pending = []
            waiting = set(futures)
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    spec = futures[future]
                    key = job_key(spec)
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        attempts[key] = attempts.get(key, 0) + 1
                        if attempts[key] < 2:
                            pending.append(spec)
                            continue
                        result = _failed(spec, "the grading worker process died twice on this job")
                    except Exception as exc:  # a bug in the grader must not stop the class
                        result = _failed(spec, f"the grader failed: {type(exc).__name__}: {exc}")
                    progress.update(result)
                    yield result
        pool = None


def _failed(spec: dict, reason: str) -> dict:
    result = {"student_id": spec["student_id"], "assignment_id": spec["assignment_id"],
              "fingerprint": None, "course_fingerprint": spec["course_fingerprint"],
              "status": "crashed", "reasons": [reason], "cells": {}, "exercises": [],
              "score": 0.0, "max_score": spec["max_score"], "seed": None, "feedback": []}
    return result


class Progress:
    """One line per finished job: a bar, done/failed counts, the time left, the job's result."""

    def __init__(self, total: int, log):
        self.total, self.log, self.done, self.failed = total, log, 0, 0
        self.start = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def update(self, result: dict) -> None:
        self.done += 1
        self.failed += result["status"] != "graded"
        width = 20
        filled = int(width * self.done / max(1, self.total))
        left = self.elapsed() / self.done * (self.total - self.done)
        self.log(f"[{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} done, "
                 f"{self.failed} not clean, ~{left:.0f} s left | {result['student_id']} "
                 f"{result['assignment_id']}: {result['status']} "
                 f"{float(result.get('score') or 0):g}/{float(result.get('max_score') or 0):g}")
        sys.stdout.flush()


# -- publishing ----------------------------------------------------------------------------------

def _publish(out: Path, result: dict, db_url: str) -> None:
    """Merge a result into the class gradebook and copy its feedback to OUT/feedback."""
    with Gradebook(db_url, COURSE_ID) as gb:
        gradebook.merge_result(gb, result)
    source = job_dir(out, result["student_id"], result["assignment_id"])
    target = out / "feedback" / result["student_id"] / result["assignment_id"]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for rel in result.get("feedback", []):
        if (source / rel).exists():
            shutil.copy2(source / rel, target / Path(rel).name)


def _archive(out: Path, previous: dict) -> None:
    """Keep a superseded result: a line in history.jsonl and its feedback under history/."""
    stamp = _now_slug()
    entry = {"archived_at": stamp, "result": previous}
    with open(out / "history.jsonl", "a") as handle:
        handle.write(json.dumps(entry, sort_keys=True) + "\n")
    feedback = out / "feedback" / previous["student_id"] / previous["assignment_id"]
    if feedback.exists():
        keep = out / "history" / previous["student_id"] / previous["assignment_id"] / stamp
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(feedback), keep)


def _tree_hash(folder: Path, pattern: str = "*") -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(folder).rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


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


def _now_slug() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False
