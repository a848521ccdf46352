"""Find every (student, assignment) to grade in SUBMISSIONS, a folder or a zip file.

The layout is nbgrader's submitted layout: ``SUBMISSIONS/<student_id>/<assignment_id>/*.ipynb``,
other files may lie beside the notebooks. A zip file is read in that layout (with or without one
top folder) or, failing that, in nbgrader's ``zip_collect`` file-name convention, as learning
platforms export it: ``<assignment>_<student_id>_attempt_<timestamp>_<notebook>.ipynb``, for
example ``07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb``. The
chapter is taken from the notebook's name, else from the file name's prefix, else from
``--assignment`` when it names one chapter; of several attempts, the latest is graded. Files that
cannot be placed are listed. SUBMISSIONS itself is never written to: a zip is extracted under
``OUT``.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

#: nbgrader's default ``FileNameCollectorPlugin.named_regexp`` for zip_collect.
ZIP_COLLECT_NAME = re.compile(r"(?P<head>.+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)")
STUDENT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@+-]*$")
MAX_FILE_BYTES = 50 * 2**20


@dataclass(frozen=True)
class Job:
    """One (student, assignment) to grade; ``folder`` is None when nothing was submitted."""

    student_id: str
    assignment_id: str
    folder: Path | None

    @property
    def key(self) -> str:
        return f"{self.student_id}/{self.assignment_id}"


class NothingToGrade(SystemExit):
    """SUBMISSIONS holds nothing this course can grade (the message says what was found)."""


def open_submissions(submissions: Path, out: Path, assignment_ids: list[str],
                     only: list[str] | None = None) -> tuple[Path, list[str]]:
    """The folder to read submissions from (``submissions`` itself, or a zip extracted in ``out``)
    and the names of the zip's files that could not be placed."""
    submissions = Path(submissions)
    if submissions.is_dir():
        return submissions, []
    if zipfile.is_zipfile(submissions):
        return _extract_zip(submissions, Path(out) / "input", assignment_ids, only)
    raise NothingToGrade(f"{submissions} is neither a folder nor a zip file")


def find_jobs(root: Path, course_assignments: list[str], only: list[str] | None = None,
              log=print) -> list[Job]:
    """A job for every student folder and every assignment that any student submitted.

    Assignments are those of the course that appear in at least one student folder (or those in
    ``only``); a student without that folder gets a job with ``folder=None`` (missing).
    """
    students = sorted(p for p in Path(root).iterdir()
                      if p.is_dir() and not p.name.startswith((".", "_")))
    bad = [p.name for p in students if not STUDENT_ID.match(p.name)]
    for name in bad:
        log(f"warning: skipping folder {name!r}: not a valid student id")
    students = [p for p in students if p.name not in bad]
    seen = {a.name for s in students for a in s.iterdir() if a.is_dir()}
    unknown = sorted(seen - set(course_assignments))
    if unknown:
        log(f"warning: not assignments of this course, not graded: {', '.join(unknown)}")
    assignments = [a for a in course_assignments if (a in only if only else a in seen)]
    return [
        Job(s.name, a, (s / a) if (s / a).is_dir() else None)
        for s in students for a in assignments
    ]


def tree_fingerprint(folder: Path, pattern: str = "*") -> str:
    """A hash of the files under ``folder`` matching ``pattern``: their relative names and bytes
    (links, ``__pycache__`` and modification times do not count)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(folder).rglob(pattern)
                       if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def fingerprint(folder: Path | None) -> str:
    """A hash of everything a student submitted for one assignment (``missing`` for nothing)."""
    return "missing" if folder is None else tree_fingerprint(folder)


#: nbgrader's stamp in the submitted folder is the student's clock: nbgrader would believe it, so
#: it stays out of the graded copy (``received`` reads it, to show it beside the received time).
UNTRUSTED = {"timestamp.txt"}


def snapshot(folder: Path, target: Path) -> list[str]:
    """Copy a submission into ``target``: regular files only (no symlinks, nothing huge, no
    ``timestamp.txt``: a submission's time is not the student's to set).

    Returns a note for everything left out (but ``timestamp.txt``, which is shown elsewhere).
    """
    notes = []
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if rel.name in UNTRUSTED and rel.parent == Path("."):
            continue
        elif path.is_symlink():
            notes.append(f"{rel}: a symbolic link, left out")
        elif path.is_dir():
            (target / rel).mkdir(parents=True, exist_ok=True)
        elif path.stat().st_size > MAX_FILE_BYTES:
            notes.append(f"{rel}: larger than {MAX_FILE_BYTES // 2**20} MB, left out")
        else:
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / rel)
    return notes


def _extract_zip(archive: Path, target: Path, assignment_ids: list[str],
                 only: list[str] | None) -> tuple[Path, list[str]]:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    unplaced: list[str] = []
    with zipfile.ZipFile(archive) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/") and ".." not in Path(n).parts
                 and not n.startswith("/") and not n.startswith("__MACOSX")]
        placed = _layout(names, assignment_ids, only, unplaced)
        for name, dest in placed.items():
            dest = target / dest
            dest.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(name) as src, open(dest, "wb") as out:
                shutil.copyfileobj(src, out)
    _write_platform_times(placed, target)
    return target, unplaced


#: In an extracted zip: the platform's attempt time of each (student, assignment), from the names.
PLATFORM_TIMES = "_received.csv"


def _write_platform_times(placed: dict[str, Path], target: Path) -> None:
    """The learning platform's attempt time (a zip_collect name's) of each placed submission, for
    ``received``: the platform's clock, not the student's."""
    from grader.grading import received

    times: dict[tuple[str, str], str] = {}
    for name, dest in placed.items():
        match = ZIP_COLLECT_NAME.fullmatch(Path(name).stem)
        at = received.platform_time(match["timestamp"]) if match else None
        key = (dest.parts[0], dest.parts[1])
        if at and at > times.get(key, ""):
            times[key] = at
    if times:
        received.write_received_times(
            [{"student_id": s, "assignment_id": a, "received_at": at, "received_by": received.PLATFORM}
             for (s, a), at in sorted(times.items())], target / PLATFORM_TIMES)


def _layout(names: list[str], assignment_ids: list[str], only: list[str] | None,
            unplaced: list[str]) -> dict[str, Path]:
    """Where each zip member goes, as ``<student>/<assignment>/<file>``."""
    parts = [Path(n).parts for n in names]
    for strip in (0, 1):
        if parts and all(len(p) >= 3 + strip and p[1 + strip] in assignment_ids for p in parts):
            return {n: Path(*Path(n).parts[strip:]) for n in names}
    chosen: dict[tuple[str, str, str], tuple[str, str]] = {}  # (student, chapter, file) -> (time, member)
    for name in names:
        placed = zip_collect_place(Path(name).name, assignment_ids, only)
        if placed is None:
            unplaced.append(name)
            continue
        student, chapter, file_name, timestamp = placed
        key = (student, chapter, file_name)
        if key not in chosen or timestamp > chosen[key][0]:  # the latest attempt is graded
            chosen[key] = (timestamp, name)
    return {member: Path(student) / chapter / file_name
            for (student, chapter, file_name), (_, member) in chosen.items()}


def zip_collect_place(file_name: str, assignment_ids: list[str],
                      only: list[str] | None = None) -> tuple[str, str, str, str] | None:
    """(student, chapter, file name, timestamp) of a file named in nbgrader's zip_collect
    convention, or None when it cannot be placed (see the module doc)."""
    path = Path(file_name)
    match = ZIP_COLLECT_NAME.fullmatch(path.stem)
    if not match or path.stem.count("_attempt_") != 1:  # a second one is the student's own file name
        return None
    head, stamp, notebook = match["head"], match["timestamp"], match["file_id"]
    prefixes = sorted((a for a in assignment_ids if head.startswith(a + "_")), key=len, reverse=True)
    if notebook in assignment_ids:
        chapter = notebook
    elif prefixes:
        chapter = prefixes[0]
    elif only and len(only) == 1:
        chapter = only[0]
    else:
        return None
    student = head[len(chapter) + 1:] if head.startswith(chapter + "_") else head.rsplit("_", 1)[-1]
    if not STUDENT_ID.match(student):
        return None
    return student, chapter, notebook + path.suffix, stamp
