"""The engine's pieces: each answer cell of chapters 2 to 9 and 12 whose ``library:`` line names
definitions of autograd_lib (the definitions it stands for in the student's engine)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from grader.course.model import cell_kind, find_chapters, library_names, read_chapter

ENGINE_CHAPTERS = ("02", "03", "04", "05", "06", "07", "08", "09", "12")
COURSE_DIR = Path(__file__).resolve().parents[2] / "course"

#: Answers whose library counterpart is not one definition of the same text (their cells say
#: ``library: none``) but that the engine takes as an addition to a library module: chapter 9's
#: ``CrossEntropy`` (the library composes ``log_softmax`` and ``nll_loss`` instead) becomes
#: ``nn.functional.CrossEntropy``, the loss the digits milestone trains with. Without the
#: student's, the milestone uses the course's ``cross_entropy``.
ADDED = {"cross_entropy_function": ("autograd_lib.nn.functional.CrossEntropy",)}


@dataclass(frozen=True)
class Piece:
    """One answer cell of the course that stands for library definitions."""

    chapter: str  # the English chapter id, "02_function_and_ctx"
    exercise: str
    grade_id: str
    definitions: tuple[str, ...]  # dotted names in autograd_lib, aliases at the package root left out

    @property
    def name(self) -> str:
        return self.grade_id


def _own_names(listed: list[str]) -> tuple[str, ...]:
    """The autograd_lib names of a ``library:`` line, without the root package's re-exports
    (``autograd_lib.Tensor.__mul__`` is ``autograd_lib.tensor.Tensor.__mul__``)."""
    kept = []
    for dotted in listed:
        parts = dotted.split(".")
        if parts[0] != "autograd_lib" or (len(parts) > 2 and parts[1][:1].isupper()):
            continue
        kept.append(dotted)
    return tuple(kept)


@cache
def course_pieces(course_dir: Path = COURSE_DIR) -> tuple[Piece, ...]:
    """Every engine piece of the course, in syllabus order."""
    found = []
    for chapter in find_chapters(course_dir):
        if chapter.chapter_id[:2] not in ENGINE_CHAPTERS:
            continue
        for cell in read_chapter(chapter).cells:
            if cell_kind(cell) != "answer":
                continue
            grade_id = cell.metadata["nbgrader"]["grade_id"]
            names = _own_names(library_names(cell)) or ADDED.get(grade_id, ())
            if names:
                found.append(Piece(chapter.chapter_id, cell.metadata.get("exercise"),
                                   cell.metadata["nbgrader"]["grade_id"], names))
    return tuple(found)
