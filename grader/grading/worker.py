"""Grade one (student, assignment) in its own nbgrader course directory.

``grade_job(spec)`` runs in a worker process. It never touches another job's files or the class
gradebook: it copies the assignment's source and a template gradebook into
``OUT/jobs/<student>/<assignment>/course/``, snapshots the submission there, sanitises it, runs
nbgrader's autograde through the Python API with this project's pipeline (``GuardedExecute``,
``VerifyCompletion``), renders feedback, and writes ``result.json`` last, atomically: a job with
a ``result.json`` is finished, anything else is redone.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import shutil
import tempfile
import time
import warnings
from contextlib import contextmanager
from pathlib import Path

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, IgnorePattern, LimitOutput, SaveAutoGrades

from grader.course.model import AssignmentFacts, cell_kind
from grader.course.nbgrader_setup import ensure_tools_on_path, nbgrader_config
from grader.course.run_notebook import KERNEL_ENV as COURSE_KERNEL_ENV
from grader.grading import feedback, gradebook, intake, submissions
from grader.grading.preprocessors import ApplyVerdicts, LimitedExecute, SeparateHiddenTests, StaticCheck
from grader.grading.sandbox import prepare_sandbox_dirs, sandbox_layout
from grader.grading.settings import GradingSettings, default_jobs
from grader.judge.static_check import REFERENCE

#: Status, from the worst: the first that applies is the job's status.
STATUS_ORDER = ["missing", "malformed", "crashed", "timed out", "flagged", "graded"]
KERNEL_ENV = {**COURSE_KERNEL_ENV, "PYTHONDONTWRITEBYTECODE": "1"}


def job_key(job: dict) -> str:
    """``student/assignment`` of a spec or a result (as ``submissions.Job.key``)."""
    return f"{job['student_id']}/{job['assignment_id']}"


def job_dir(out: Path, student_id: str, assignment_id: str) -> Path:
    return Path(out) / "jobs" / student_id / assignment_id


def read_result(path: Path) -> dict | None:
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


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


def is_current(result: dict | None, spec: dict) -> bool:
    return bool(result) and result.get("fingerprint") == spec["fingerprint"] \
        and result.get("course_fingerprint") == spec["course_fingerprint"]


def quiet_nbgrader() -> None:
    """nbgrader's own gradebook calls warn about SQLAlchemy sessions on every submission."""
    try:
        from sqlalchemy.exc import SAWarning

        warnings.filterwarnings("ignore", category=SAWarning)
    except ImportError:
        pass


def grade_job(spec: dict) -> dict:
    """Grade the job described by ``spec`` (plain data, see ``runner``) and return its result."""
    ensure_tools_on_path()
    quiet_nbgrader()
    folder = job_dir(Path(spec["out"]), spec["student_id"], spec["assignment_id"])
    with job_lock(folder):
        existing = read_result(folder / "result.json")
        if is_current(existing, spec):
            return existing
        for item in folder.iterdir():
            if item.name != ".lock":
                shutil.rmtree(item) if item.is_dir() else item.unlink()
        started = time.monotonic()
        result = _grade(spec, folder)
        result["seconds"] = round(time.monotonic() - started, 2)
        write_atomic(folder / "result.json", json.dumps(result, indent=1, sort_keys=True))
        return result


def _grade(spec: dict, folder: Path) -> dict:
    student, assignment = spec["student_id"], spec["assignment_id"]
    settings = GradingSettings(**spec["settings"])
    template = Path(spec["template"])
    result = {
        "student_id": student, "assignment_id": assignment, "fingerprint": spec["fingerprint"],
        "course_fingerprint": spec["course_fingerprint"], "seed": secrets.randbelow(2**31),
        "status": "graded", "reasons": [], "cells": {}, "comments": {}, "exercises": [],
        "timestamp": None, "score": 0.0, "max_score": spec.get("max_score", 0.0),
        "sandboxed": bool(spec.get("bwrap")), "feedback": [],
    }
    course = folder / "course"
    source = course / "source" / assignment
    shutil.copytree(template / "source" / assignment, source)
    shutil.copy2(template / "gradebook.db", course / "gradebook.db")
    notebooks = sorted(p.name for p in source.glob("*.ipynb"))

    if spec.get("folder") is None:
        return _ungraded(result, "missing", f"no {assignment} folder was submitted", folder, notebooks)
    submitted = course / "submitted" / student / assignment
    result["reasons"] += submissions.snapshot(Path(spec["folder"]), submitted)
    problems = {}
    for name in notebooks:
        path = submitted / name
        if not path.exists():
            problems[name] = ("missing", f"{name} was not submitted")
            continue
        why = intake.check_notebook(path)
        if why:
            problems[name] = ("malformed", f"{name}: {why}")
            path.unlink()
            continue
        result["reasons"] += intake.normalise_grade_ids(path, source / name)
    shadows = intake.remove_shadowing(submitted)
    if shadows:
        _flag(result, "flagged", "files that would shadow trusted modules were removed: "
              + ", ".join(shadows))
    for kind, message in problems.values():
        _flag(result, kind if len(problems) == len(notebooks) else "flagged", message)
    if len(problems) == len(notebooks):
        return _ungraded(result, result["status"], None, folder, notebooks)
    _autograde(spec, settings, course, folder, result, notebooks)
    return result


def _autograde(spec: dict, settings: GradingSettings, course: Path, folder: Path, result: dict,
               notebooks: list[str]) -> None:
    student, assignment = spec["student_id"], spec["assignment_id"]
    scratch = Path(tempfile.mkdtemp(prefix="cg-"))  # short: unix socket paths are limited
    try:
        work = _kernel_work_dir(scratch, course / "submitted" / student / assignment)
        facts = AssignmentFacts.read(course / "source" / assignment)
        config = _config(spec, settings, course, folder, scratch, work, facts, result["seed"])
        from nbgrader.apps import NbGraderAPI

        api = NbGraderAPI(config=config)
        clock = time.monotonic()
        outcome = api.autograde(assignment, student, force=True, create=True)
        result["timing"] = {"autograde": round(time.monotonic() - clock, 2)}
        if not outcome.get("success"):
            _flag(result, "crashed", "nbgrader could not grade the notebook: "
                  + _last_line(outcome.get("error") or outcome.get("log") or "unknown error"))
            return _ungraded(result, "crashed", None, folder, notebooks)
        _read_reports(folder, result)
        data = gradebook.read_scores(config.CourseDirectory.db_url, assignment, student)
        result.update(cells=data["cells"], comments=data["comments"], timestamp=data["timestamp"],
                      score=data["score"], max_score=data["max_score"])
        result["exercises"] = gradebook.exercise_scores(course / "source" / assignment, data["cells"])
        autograded = course / "autograded" / student / assignment
        result["messages"] = test_messages(autograded)
        clock = time.monotonic()
        made = api.generate_feedback(assignment, student, force=True)
        result["timing"]["feedback"] = round(time.monotonic() - clock, 2)
        pages = sorted((course / "feedback" / student / assignment).glob("*.html"))
        if not made.get("success") or not pages:
            result["reasons"].append("nbgrader could not render feedback: "
                                     + _last_line(made.get("error") or made.get("log") or ""))
        _publish_feedback(folder, pages, result)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)  # never follows the links a kernel left there


def _kernel_work_dir(scratch: Path, submitted: Path) -> Path:
    """The kernel's own working folder: a copy of the submission's other files (no notebook, no
    link). The grader never reads anything back from it."""
    work = scratch / "work"
    work.mkdir()
    for path in sorted(submitted.rglob("*")):
        if path.is_symlink() or path.suffix == ".ipynb" or not path.is_file():
            continue
        target = work / path.relative_to(submitted)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return work


def _config(spec, settings, course, folder, scratch, work, facts, seed):
    c = nbgrader_config(course, cell_timeout=settings.cell_timeout)
    c.Autograde.autograde_preprocessors = [
        StaticCheck, SeparateHiddenTests, LimitedExecute, ApplyVerdicts, IgnorePattern,
        ClearMetadataPreprocessor, LimitOutput, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata,
    ]
    c.StaticCheck.references = facts.references
    c.StaticCheck.exercise_tests = facts.exercise_tests
    c.StaticCheck.course_cells = facts.course_cells
    c.StaticCheck.report_path = str(folder / "static.json")
    c.SeparateHiddenTests.show_source = not settings.hide_hidden_tests
    c.LimitedExecute.hidden_tests = facts.hidden_tests
    c.LimitedExecute.judge_seed = seed
    c.LimitedExecute.work_dir = str(work)
    c.LimitedExecute.notebook_timeout = settings.notebook_timeout
    c.LimitedExecute.memory_mb = settings.memory_mb
    c.LimitedExecute.output_bytes = settings.output_bytes
    c.LimitedExecute.report_path = str(folder / "execute.json")
    # The agent registers its comm before any student cell runs.
    c.LimitedExecute.extra_arguments = [
        "--HistoryManager.hist_file=:memory:",
        "--IPKernelApp.exec_lines=import kernel_agent.agent",
    ]
    threads = str(max(1, default_jobs() // max(1, settings.jobs)))  # parallel kernels share the cores
    env = {**KERNEL_ENV, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads, "OPENBLAS_NUM_THREADS": threads}
    if spec.get("bwrap"):
        layout = sandbox_layout(hidden=[Path(p) for p in spec["hidden"]])
        c.CourseKernelManager.sandbox = spec["bwrap"]
        c.CourseKernelManager.sandbox_masks = layout["masks"]
        c.CourseKernelManager.sandbox_ro_binds = layout["ro_binds"]
        c.CourseKernelManager.sandbox_rw_binds = [str(scratch)]
        sockets = scratch / "sockets"
        sockets.mkdir()
        c.CourseKernelManager.socket_dir = str(sockets)
        c.CourseKernelManager.transport = "ipc"
        c.CourseKernelManager.ip = str(sockets / "k")
        c.CourseKernelManager.connection_file = str(sockets / "kernel.json")
        env.update(_private_dirs(scratch))
        prepare_sandbox_dirs(scratch)
    c.CourseKernelManager.extra_env = env
    return c


def _private_dirs(scratch: Path) -> dict:
    """Writable config folders for the sandboxed kernel, with matplotlib's font cache copied in
    (rebuilding it would cost seconds per kernel)."""
    mpl = scratch / "matplotlib"
    mpl.mkdir()
    try:
        import matplotlib

        for cache in Path(matplotlib.get_cachedir()).glob("fontlist-*.json"):
            shutil.copy2(cache, mpl / cache.name)
    except Exception:
        pass
    (scratch / "ipython").mkdir()
    return {"MPLCONFIGDIR": str(mpl), "IPYTHONDIR": str(scratch / "ipython"), "HOME": str(scratch)}


def _read_reports(folder: Path, result: dict) -> None:
    execute = read_result(folder / "execute.json") or {}
    for event in execute.get("events", []):
        kind = {"memory": "crashed", "output cut": None}.get(event["kind"], event["kind"])
        if kind:
            _flag(result, kind, event["message"])
        else:
            result["reasons"].append(event["message"])
    result["execution"] = {k: execute.get(k) for k in ("seconds", "peak_rss_mb", "output_bytes")}
    result["verdicts"] = execute.get("verdicts", {})
    for finding in read_result(folder / "static.json") or []:
        if finding["kind"] == REFERENCE:
            result["reasons"].append(f"{finding['exercise']} scores 0: cell {finding['cell']}: {finding['message']}")
        else:
            _flag(result, "flagged", f"for review: cell {finding['cell']} {finding['message']}")


def _flag(result: dict, status: str, reason: str) -> None:
    if reason not in result["reasons"]:
        result["reasons"].append(reason)
    if STATUS_ORDER.index(status) < STATUS_ORDER.index(result["status"]):
        result["status"] = status


def _ungraded(result: dict, status: str, reason: str | None, folder: Path, notebooks: list[str]) -> dict:
    if reason:
        _flag(result, status, reason)
    result["status"] = status
    result["score"] = 0.0
    result["cells"] = {}
    pages = []
    for name in notebooks:
        page = folder / "feedback" / (Path(name).stem + ".html")
        feedback.standalone_page(page, result)
        pages.append(page)
    result["feedback"] = [str(p.relative_to(folder)) for p in pages]
    return result


def _publish_feedback(folder: Path, pages: list[Path], result: dict) -> None:
    target = folder / "feedback"
    target.mkdir(exist_ok=True)
    for page in pages:
        shutil.copy2(page, target / page.name)
        feedback.add_summary(target / page.name, result)
    result["feedback"] = [str((target / p.name).relative_to(folder)) for p in pages]


def test_messages(folder: Path) -> dict:
    """``notebook/grade_id`` -> the error a failed test cell ended with (name: message)."""
    import nbformat

    messages = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception:  # an unreadable notebook has no messages to give
            continue
        for cell in nb.cells:
            if cell.cell_type != "code" or cell_kind(cell) != "test":
                continue
            nbg = cell.metadata["nbgrader"]
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            if errors:
                last = errors[-1]
                text = f"{last.get('ename')}: {last.get('evalue')}".rstrip(": ")
                messages[f"{path.stem}/{nbg['grade_id']}"] = text
    return messages


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "unknown error"
