"""Find every (student, assignment) to grade in SUBMISSIONS, a folder or a zip file, and account
for every file in it.

The layout is nbgrader's submitted layout: ``SUBMISSIONS/<student_id>/<assignment_id>/*.ipynb``,
other files may lie beside the notebooks. A zip file is read in that layout (with or without one
top folder) or in nbgrader's ``zip_collect`` file-name convention, as learning platforms export
it: ``<assignment>_<student_id>_attempt_<timestamp>_<notebook>.ipynb``, for example
``07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb``; of several
attempts, the latest is graded (``zip_uploads``, ``upload_names``). SUBMISSIONS itself is never
written to: a zip is checked against size limits and extracted under ``OUT/input``, which the run
removes when it ends.

Every file found gets a ``SubmittedFile`` record: where it was placed, or why it was not
(``OUT/files.csv``, the class report and the end of the grade table list them). Inside a
student's assignment folder, ``snapshot`` grades a copy of a notebook (``X (1).ipynb``,
``X.IPYNB``) in place of the missing ``X.ipynb`` and lists every copy it did not grade.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.files import CopyLimits, copy_regular_files, tree_fingerprint
from grader.intake import zip_uploads
from grader.intake.upload_names import NOTEBOOK_SUFFIX, SubmittedFile, copy_of, normal, student_id_problem

MAX_FILE_BYTES = 50 * 2**20
INPUT = "input"  # OUT/input: where a zip is extracted (removed at the end of the run)


@dataclass(frozen=True)
class FoundJob:
    """One (student, assignment) to grade; ``folder`` is None when nothing was submitted."""

    student_id: str
    assignment_id: str
    folder: Path | None

    @property
    def key(self) -> str:
        return f"{self.student_id}/{self.assignment_id}"


class NothingToGrade(SystemExit):
    """SUBMISSIONS holds nothing this course can grade (the message says what was found)."""


@dataclass
class Intake:
    """What SUBMISSIONS holds: the folder to grade from, and a record for every file found."""

    root: Path
    files: list[SubmittedFile] = field(default_factory=list)
    extracted: bool = False  # root is OUT/input, made by this run from a zip

    @property
    def not_placed(self) -> list[SubmittedFile]:
        return [f for f in self.files if not f.placed and f.note != "operating-system litter, ignored"]


def open_submissions(submissions: Path, out: Path, notebooks: dict[str, set[str]],
                     only: list[str] | None = None, limits: zip_uploads.ZipLimits | None = None) -> Intake:
    """Read SUBMISSIONS (a folder, or a zip extracted into ``OUT/input``). ``notebooks`` maps each
    chapter id of the course to the stems of its notebooks."""
    submissions = Path(submissions)
    notebooks = _as_notebooks(notebooks)
    if submissions.is_dir():
        return Intake(submissions, survey_folder(submissions, notebooks, only))
    if zipfile.is_zipfile(submissions):
        target = Path(out) / INPUT
        return Intake(target, zip_uploads.extract(submissions, target, notebooks, only, limits), extracted=True)
    raise NothingToGrade(f"{submissions} is neither a folder nor a zip file")


def survey_folder(root: Path, notebooks: dict[str, set[str]], only: list[str] | None = None) -> list[SubmittedFile]:
    """A record for every file under ``root`` (hidden ones aside), in nbgrader's submitted layout."""
    records = []
    for path in sorted(Path(root).rglob("*")):
        rel = path.relative_to(root)
        if any(p.startswith(".") for p in rel.parts) or path.is_dir():
            continue
        records.append(_folder_record(rel, notebooks, only))
    return records


def _folder_record(rel: Path, notebooks: dict[str, set[str]], only: list[str] | None) -> SubmittedFile:
    parts, name = rel.parts, rel.as_posix()
    if len(parts) == 1:
        return SubmittedFile(name, note="not graded: not inside a student's folder (<student>/<chapter>/<file>)")
    student = parts[0]
    if student.startswith("_"):
        return SubmittedFile(name, note="not graded: folders starting with _ are not students")
    problem = student_id_problem(normal(student))
    if problem:
        return SubmittedFile(name, note=f"not graded: {problem}")
    if len(parts) == 2:
        chapter = next((c for c, stems in notebooks.items() if _stem_of(parts[1], stems)), "")
        hint = f" (move it into {student}/{chapter}/)" if chapter else ""
        return SubmittedFile(name, student, chapter, "",
                             f"not graded: not inside a chapter folder <student>/<chapter>/{hint}")
    chapter = parts[1]
    if chapter not in notebooks:
        return SubmittedFile(name, student, "", "", f"not graded: {chapter!r} is not a chapter of this course")
    if only and chapter not in only:
        return SubmittedFile(name, student, chapter, "", "not graded in this run (--assignment)")
    return SubmittedFile(name, student, chapter, name)


def _stem_of(file_name: str, stems: set[str]) -> bool:
    return file_name in {s + NOTEBOOK_SUFFIX for s in stems} or copy_of(file_name, stems) is not None


def _as_notebooks(notebooks) -> dict[str, set[str]]:
    """A list of chapter ids means one notebook per chapter, named like the chapter."""
    return dict(notebooks) if isinstance(notebooks, dict) else {c: {c} for c in notebooks}


def find_jobs(root: Path, course_assignments: list[str], only: list[str] | None = None,
              log=print, chapter_of=None) -> list[FoundJob]:
    """A job for every student folder and every assignment that any student submitted.

    Assignments are those of the course that appear in at least one student folder (or those in
    ``only``); a student without that folder gets a job with ``folder=None`` (missing). Folders
    that are not valid student ids or not chapters are in the ``survey_folder`` records.

    ``chapter_of`` maps an assignment to its chapter (``grader.i18n.editions.chapter_key``): the
    editions of a chapter count once, so a student who submitted one edition is not missing the
    other, and one who submitted none is missing only the first edition listed.
    """
    chapter_of = chapter_of or (lambda assignment: assignment)
    students = sorted(p for p in Path(root).iterdir()
                      if p.is_dir() and not p.name.startswith((".", "_")))
    bad = [p.name for p in students if student_id_problem(normal(p.name))]
    for name in bad:
        log(f"warning: skipping folder {name!r}: {student_id_problem(normal(name))}")
    students = [p for p in students if p.name not in bad]
    seen = {a.name for s in students for a in s.iterdir() if a.is_dir()}
    unknown = sorted(seen - set(course_assignments))
    if unknown:
        log(f"warning: not assignments of this course, not graded: {', '.join(unknown)}")
    assignments = [a for a in course_assignments if (a in only if only else a in seen)]
    first_edition = {}
    for a in assignments:
        first_edition.setdefault(chapter_of(a), a)
    jobs = []
    for s in students:
        submitted = {chapter_of(a) for a in assignments if (s / a).is_dir()}
        for a in assignments:
            if (s / a).is_dir():
                jobs.append(FoundJob(normal(s.name), a, s / a))
            elif chapter_of(a) not in submitted and first_edition[chapter_of(a)] == a:
                jobs.append(FoundJob(normal(s.name), a, None))
    return jobs


def fingerprint(folder: Path | None) -> str:
    """A hash of everything a student submitted for one assignment (``missing`` for nothing)."""
    return "missing" if folder is None else tree_fingerprint(folder)


#: nbgrader's stamp in the submitted folder is the student's clock: nbgrader would believe it, so
#: it stays out of the graded copy (``received`` reads it, to show it beside the received time).
UNTRUSTED = {"timestamp.txt"}
#: What of a submitted folder is copied: each file up to ``MAX_FILE_BYTES``, folders 16 deep.
SNAPSHOT_LIMITS = CopyLimits(MAX_FILE_BYTES, max_depth=16)


def snapshot(folder: Path, target: Path, notebooks=()) -> list[str]:
    """Copy a submission into ``target`` (``files.copy_regular_files``): regular files only (no
    links, nothing huge, folders at most ``SNAPSHOT_LIMITS.max_depth`` deep, no ``timestamp.txt``: a
    submission's time is not the student's to set). Of the assignment's
    ``notebooks`` (file names), one missing under its exact name is taken from its single copy
    (``X (1).ipynb``, ``X.IPYNB``, ...); copies not graded are left out.

    Returns a note for everything left out (but ``timestamp.txt``, shown elsewhere) or renamed.
    """
    target.mkdir(parents=True, exist_ok=True)
    notes = copy_regular_files(folder, target, SNAPSHOT_LIMITS, leave_out=frozenset(UNTRUSTED)).notes
    return notes + resolve_copies(target, [Path(n).stem for n in notebooks])


def resolve_copies(target: Path, stems: list[str]) -> list[str]:
    """Give each notebook of ``stems`` its exact name in ``target`` from its one copy, when the
    exact name is missing; remove every copy not graded. Returns a note per copy."""
    notes = []
    files = sorted(p.name for p in target.iterdir() if p.is_file())
    for stem in stems:
        exact = stem + NOTEBOOK_SUFFIX
        copies = [name for name in files if copy_of(name, {stem}) == stem]
        if not copies:
            continue
        if exact in files:
            notes += [f"{name}: not graded: {exact} is graded (the exact name wins over a copy)" for name in copies]
        elif len(copies) == 1:
            (target / copies[0]).rename(target / exact)
            notes.append(f"{copies[0]}: graded as {exact} (the name the chapter expects)")
            continue
        else:
            notes.append(f"{', '.join(copies)}: several copies of {exact} and no file of that exact name; "
                         f"none was graded (which one is meant cannot be known): submit one file named {exact}")
        for name in copies:
            (target / name).unlink()
    return notes
