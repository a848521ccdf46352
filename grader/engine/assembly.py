"""From a work folder to the student's engine: which piece is theirs, which the course's, and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from grader.course.model import exercises, find_chapters, read_chapter
from grader.engine.answer_into_library import PieceError, install
from grader.engine.fresh import Engine, fresh_engine
from grader.engine.notebook_run import run_notebook, unanswered
from grader.engine.pieces import COURSE_DIR, Piece, course_pieces
from grader.engine.workfolder import read_work_folder


@dataclass
class Row:
    """A line of the table: a piece, whose it is and why."""

    piece: Piece
    source: str = "course"  # "yours" or "course"
    reason: str = ""

    def as_dict(self) -> dict:
        return {"chapter": self.piece.chapter, "exercise": self.piece.exercise,
                "definitions": list(self.piece.definitions), "source": self.source, "reason": self.reason}


@dataclass
class Assembly:
    """The student's engine and its table; ``answers`` keeps what each of their pieces needs to be
    put in again (the blame search builds engines with some of them left out)."""

    engine: Engine
    rows: list[Row]
    chapters_present: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    answers: dict[str, tuple[str, dict]] = field(default_factory=dict)  # grade_id -> (source, notebook names)

    def source_of(self, grade_id: str) -> str:
        return next((r.source for r in self.rows if r.piece.grade_id == grade_id), "course")

    def rebuilt(self, leave_out: set[str]) -> Engine:
        """A new engine with the student's pieces except ``leave_out`` (those are the course's)."""
        engine = fresh_engine()
        for row in self.rows:
            if row.source == "yours" and row.piece.grade_id not in leave_out:
                source, names = self.answers[row.piece.grade_id]
                install(engine, source, row.piece.definitions, row.piece.grade_id, names)
        return engine


@cache
def _test_exercises(chapter_id: str, course_dir: Path = COURSE_DIR) -> dict[str, str]:
    chapter = next(c for c in find_chapters(course_dir) if c.chapter_id == chapter_id)
    return {tid: e.name for e in exercises(read_chapter(chapter)) for tid in e.test_ids}


def assemble(folder: Path, up_to: str | None = None) -> Assembly:
    """Read ``folder``, run each chapter's notebook, and put every answer that runs and passes its
    visible tests into a fresh autograd_lib; every other piece stays the course's, with the reason.
    ``up_to`` (a chapter id) leaves out the later chapters' pieces and notebooks."""
    pieces = [p for p in course_pieces() if up_to is None or p.chapter <= up_to]
    chapters = sorted({p.chapter for p in pieces})
    work = read_work_folder(Path(folder), chapters)
    assembly = Assembly(fresh_engine(), [], notes=list(work.notes))
    for chapter in chapters:
        entry = work.chapters[chapter]
        mine = [p for p in pieces if p.chapter == chapter]
        if entry.notebook is None:
            assembly.rows += [Row(p, reason=entry.problem) for p in mine]
            continue
        assembly.chapters_present.add(chapter)
        run = run_notebook(entry.notebook, entry.path.parent, _test_exercises(chapter))
        for piece in mine:
            assembly.rows.append(_decide(assembly, piece, run))
    return assembly


def _decide(assembly: Assembly, piece: Piece, run) -> Row:
    source = run.answers.get(piece.grade_id)
    if source is None:
        return Row(piece, reason=f"the notebook has no answer cell {piece.grade_id}")
    if unanswered(source):
        return Row(piece, reason="not answered yet")
    if piece.grade_id in run.answer_errors:
        return Row(piece, reason=f"the cell does not run: {run.answer_errors[piece.grade_id]}")
    failures = run.test_errors.get(piece.exercise)
    if failures:
        return Row(piece, reason=f"fails its visible test: {failures[0]}")
    names = {n: v for n, v in run.namespace.items() if isinstance(v, type)}
    try:
        install(assembly.engine, source, piece.definitions, piece.grade_id, names)
    except PieceError as error:
        return Row(piece, reason=str(error))
    assembly.answers[piece.grade_id] = (source, names)
    return Row(piece, "yours", "")
