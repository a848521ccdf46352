"""What the names of submitted files mean: student ids, nbgrader's ``zip_collect`` names, and the
copies a browser or a file manager makes of a notebook.

- A **student id** is letters (any script), digits and ``_ . @ + - '``, starting with a letter or
  a digit: ``alice``, ``bob_lee``, ``zoë``, ``o'brien@school.edu``. Spaces, slashes and other
  punctuation are refused, with the character named.
- A **zip_collect name** is ``<chapter>_<student>_attempt_<timestamp>_<notebook>.ipynb``. The
  chapter is the longest chapter id of the course that the name starts with (followed by ``_``);
  the student is exactly what lies between it and the one ``_attempt_``; the notebook part must
  name a notebook of *that* chapter (its exact name or a copy of it, below). Anything else is
  refused with the reason, so that no file is ever placed under another student's name.
- A **copy** of ``X.ipynb`` is ``X (1).ipynb``, ``X(2).ipynb``, ``X (copy).ipynb``,
  ``X - Copy.ipynb``, ``X - Copy (2).ipynb``, ``X copy.ipynb``, ``X copy 2.ipynb``,
  ``Copy of X.ipynb``, and any of these or ``X`` itself with the extension in other letter case
  (``X.IPYNB``). Where ``X.ipynb`` itself was submitted, it is graded and every copy is listed as
  not graded; where it was not, a single copy is graded in its place; several copies and no
  exact name are refused (which one is meant cannot be known).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

NOTEBOOK_SUFFIX = ".ipynb"
_STUDENT_CHAR = re.compile(r"[\w.@+'-]")
_COPY = re.compile(
    r"^(?:copy of )?(?P<stem>.+?)"
    r"(?:\s*\((?:\d+|copy(?: \d+)?)\)|\s+-\s+copy(?:\s*\(\d+\))?|\s+copy(?:\s+\d+)?)?$",
    re.IGNORECASE,
)
_ATTEMPT = "_attempt_"
_STAMP = re.compile(r"^(?P<stamp>[0-9][0-9-]*)_(?P<rest>.+)$")


def student_id_problem(student_id: str) -> str | None:
    """None when ``student_id`` is a valid student id, else what is wrong with it."""
    if not student_id:
        return "the student id is empty"
    if not (student_id[0].isalnum()):
        return f"the student id {student_id!r} does not start with a letter or a digit"
    bad = sorted({ch for ch in student_id if not _STUDENT_CHAR.fullmatch(ch)})
    if bad:
        shown = ", ".join("a space" if ch == " " else repr(ch) for ch in bad)
        return f"the student id {student_id!r} contains {shown} (allowed: letters, digits and _ . @ + - ')"
    return None


def normal(text: str) -> str:
    """The same text however the archive or the file system encoded its accents (NFC)."""
    return unicodedata.normalize("NFC", text)


def copy_of(file_name: str, stems) -> str | None:
    """The notebook stem in ``stems`` that ``file_name`` is a copy of (see the module doc), or None.
    The exact name ``X.ipynb`` is not a copy of ``X``."""
    if not file_name.lower().endswith(NOTEBOOK_SUFFIX):
        return None
    stem = file_name[: -len(NOTEBOOK_SUFFIX)]
    if file_name.endswith(NOTEBOOK_SUFFIX) and stem in stems:
        return None  # the exact name
    match = _COPY.match(stem)
    if match and match["stem"] in stems:
        return match["stem"]
    return None


def notebook_stem(file_name: str, stems) -> str | None:
    """The notebook stem in ``stems`` that ``file_name`` is (exactly, or as a copy), or None."""
    if file_name.endswith(NOTEBOOK_SUFFIX) and file_name[: -len(NOTEBOOK_SUFFIX)] in stems:
        return file_name[: -len(NOTEBOOK_SUFFIX)]
    return copy_of(file_name, stems)


@dataclass(frozen=True)
class Placed:
    """Where a zip_collect name puts its file: ``<student>/<chapter>/<file_name>``."""

    student_id: str
    chapter_id: str
    file_name: str
    timestamp: str


def zip_collect_place(file_name: str, notebooks: dict[str, set[str]]) -> Placed | str:
    """Where the file named ``file_name`` (nbgrader's zip_collect convention) belongs, or why it
    cannot be placed. ``notebooks`` maps each chapter id to the stems of its notebooks."""
    file_name = normal(file_name)
    chapters = sorted((c for c in notebooks if file_name.startswith(c + "_")), key=len, reverse=True)
    if not chapters:
        return "the name does not start with a chapter id of this course followed by _"
    chapter = chapters[0]
    rest = file_name[len(chapter) + 1:]
    if file_name.count(_ATTEMPT) != 1:
        return (f"the name should hold {_ATTEMPT!r} exactly once (found {file_name.count(_ATTEMPT)}), "
                "so the student id cannot be read from it")
    student, after = rest.split(_ATTEMPT)
    problem = student_id_problem(student)
    if problem:
        return problem
    stamp = _STAMP.match(after)
    if not stamp:
        return f"no timestamp after {_ATTEMPT!r} (expected digits and dashes, then _ and the notebook's name)"
    part = stamp["rest"]
    if notebook_stem(part, notebooks[chapter]) is None:
        wanted = ", ".join(sorted(s + NOTEBOOK_SUFFIX for s in notebooks[chapter]))
        return f"the notebook part {part!r} is not a notebook of {chapter} ({wanted})"
    return Placed(student, chapter, part, stamp["stamp"])


@dataclass(frozen=True)
class SubmittedFile:
    """One file found in SUBMISSIONS: where it went for grading, or why it did not go anywhere.

    ``path`` is where it is in SUBMISSIONS (a zip member's name, or a path relative to the folder);
    ``placed_as`` is ``<student>/<assignment>/<file>`` in the graded layout, empty when the file was
    not placed; ``note`` says why not (or, for a placed file, anything worth knowing)."""

    path: str
    student_id: str = ""
    assignment_id: str = ""
    placed_as: str = ""
    note: str = ""

    @property
    def placed(self) -> bool:
        return bool(self.placed_as)
