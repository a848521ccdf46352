"""Find every (student, assignment) to grade in SUBMISSIONS, a folder or a zip file.

The layout is nbgrader's submitted layout: ``SUBMISSIONS/<student_id>/<assignment_id>/*.ipynb``,
other files may lie beside the notebooks. A zip file is read in that layout (with or without one
top folder) or, failing that, in nbgrader's ``zip_collect`` file-name convention
(``<anything>_<student_id>_attempt_<timestamp>_<notebook>.ipynb``, as learning-management
systems export it). SUBMISSIONS itself is never written to: a zip is extracted under ``OUT``.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

#: nbgrader's default ``FileNameCollectorPlugin.named_regexp`` for zip_collect.
ZIP_COLLECT_NAME = re.compile(
    r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)")
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


def open_submissions(submissions: Path, out: Path, assignment_ids: list[str]) -> Path:
    """The folder to read submissions from: ``submissions`` itself, or a zip extracted in ``out``."""
    submissions = Path(submissions)
    if submissions.is_dir():
        return submissions
    if zipfile.is_zipfile(submissions):
        return _extract_zip(submissions, Path(out) / "input", assignment_ids)
    raise SystemExit(f"{submissions} is neither a folder nor a zip file")


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


def fingerprint(folder: Path | None) -> str:
    """A hash of everything a student submitted for one assignment (names and bytes)."""
    digest = hashlib.sha256()
    if folder is None:
        return "missing"
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def snapshot(folder: Path, target: Path) -> list[str]:
    """Copy a submission into ``target``: regular files only (no symlinks, nothing huge).

    Returns a note for everything left out.
    """
    notes = []
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_symlink():
            notes.append(f"{rel}: a symbolic link, left out")
        elif path.is_dir():
            (target / rel).mkdir(parents=True, exist_ok=True)
        elif path.stat().st_size > MAX_FILE_BYTES:
            notes.append(f"{rel}: larger than {MAX_FILE_BYTES // 2**20} MB, left out")
        else:
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / rel)
    return notes


def _extract_zip(archive: Path, target: Path, assignment_ids: list[str]) -> Path:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with zipfile.ZipFile(archive) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/") and ".." not in Path(n).parts
                 and not n.startswith("/") and not n.startswith("__MACOSX")]
        layout = _nested_layout(names, assignment_ids)
        for name in names:
            dest = layout(name)
            if dest is None:
                continue
            dest = target / dest
            dest.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(name) as src, open(dest, "wb") as out:
                shutil.copyfileobj(src, out)
    return target


def _nested_layout(names: list[str], assignment_ids: list[str]):
    """How to map a zip member to ``<student>/<assignment>/<file>``."""
    parts = [Path(n).parts for n in names]
    for strip in (0, 1):
        if parts and all(len(p) >= 3 + strip and p[1 + strip] in assignment_ids for p in parts):
            return lambda n, s=strip: Path(*Path(n).parts[s:])
    assignment = assignment_ids[0] if len(assignment_ids) == 1 else None

    def by_file_name(name: str) -> Path | None:
        match = ZIP_COLLECT_NAME.match(Path(name).stem)
        if not match or assignment is None:
            return None
        notebook = match["file_id"] + Path(name).suffix
        return Path(match["student_id"]) / assignment / notebook

    return by_file_name
