"""The solutions' engine: a work folder whose notebooks hold the course's own answers (the released
notebooks with each answer cell's solution put in), or the course's answers put straight into an
engine (``solutions_assembly``, what the built solutions' "Your engine so far" sections use)."""

from __future__ import annotations

from functools import cache, reduce
from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind, find_chapters, read_chapter
from grader.engine.answer_into_library import install
from grader.engine.assembly import Assembly, Row
from grader.engine.fresh import fresh_engine
from grader.engine.pieces import course_pieces

REPO = Path(__file__).resolve().parents[2]


def write_solved_folder(dest: Path, chapters: list[str], answers: dict[str, str] | None = None,
                        course_dir: Path = REPO / "course", release_dir: Path = REPO / "assignments") -> Path:
    """Write ``dest/NN_slug/NN_slug.ipynb`` for each chapter: the release with the solutions'
    answers, or ``answers[grade_id]`` where given."""
    answers = answers or {}
    for chapter in find_chapters(course_dir):
        if chapter.chapter_id not in chapters:
            continue
        solutions = _solutions(chapter.chapter_id, course_dir)
        released = release_dir / chapter.chapter_id
        nb = nbformat.read(released / chapter.notebook_name, as_version=4)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell_kind(cell) == "answer" and grade_id in solutions:
                cell.source = answers.get(grade_id, solutions[grade_id])
        folder = Path(dest) / chapter.chapter_id
        folder.mkdir(parents=True, exist_ok=True)
        for extra in released.iterdir():
            if extra.is_file() and extra.suffix != ".ipynb":
                (folder / extra.name).write_bytes(extra.read_bytes())
        nbformat.write(nb, folder / chapter.notebook_name)
    return Path(dest)


#: The chapters' given classes that are a library class shortened (chapter 2's Tensor without seven
#: operators, chapter 8's Module without ``__setattr__``): an answer derived from one is defined on
#: the library's class itself (the engine takes the answer's own members only).
SHORTENED = {"TensorWithoutOperators": "Tensor", "ModuleBase": "nn.Module"}


def solutions_assembly(up_to: str | None = None) -> Assembly:
    """The solutions' engine without running a notebook: every piece (of the chapters up to
    ``up_to``) is the course's own answer, put in as a student's would be. What a built solution's
    "Your engine so far" section shows; a chapter whose kernel has no torch can run it."""
    assembly = Assembly(fresh_engine(), [])
    root = assembly.engine.modules["autograd_lib"]
    given = {name: reduce(getattr, dotted.split("."), root) for name, dotted in SHORTENED.items()}
    for piece in course_pieces():
        if up_to is not None and piece.chapter > up_to:
            continue
        assembly.chapters_present.add(piece.chapter)
        source = _solutions(piece.chapter)[piece.grade_id]
        install(assembly.engine, source, piece.definitions, piece.grade_id, given)
        assembly.answers[piece.grade_id] = (source, given)
        assembly.rows.append(Row(piece, "yours", ""))
    return assembly


@cache
def _solutions(chapter_id: str, course_dir: Path = REPO / "course") -> dict[str, str]:
    chapter = next(c for c in find_chapters(course_dir) if c.chapter_id == chapter_id)
    return {c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
            for c in read_chapter(chapter).cells if cell_kind(c) == "answer"}
