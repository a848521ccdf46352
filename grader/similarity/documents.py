"""What each author wrote for each exercise, read from notebooks, and what nobody needs to have copied.

An exercise's *answer* is the text of its answer cells, plus every cell the student added below
them (a code cell that is neither an answer nor a test cell and whose text is not one of the
release's cells: the exercise above it, the first exercise when it comes before any). A chapter
also gets one *whole-notebook* answer: every answer cell and added cell, in order.

The *given* code is what the release hands every student: its code cells (the starter code of
the answer cells among them) and the code in its text (inline code and code blocks). Its
fingerprints never count as shared. The course's published solution is one more author.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind, exercises
from grader.similarity.normalise import BUILTINS, Token, lenient_tokens, tokens, vocabulary_of

#: The author name of the course's published solution (not a valid student id: it has spaces).
SOLUTION = "(published solution)"
#: The unit that holds a chapter's whole notebook.
WHOLE = "whole notebook"
#: An exercise whose reference solution has at most this many lines of code is short.
SHORT_LINES = 5
#: The most text one author's answer to one unit holds (later cells are left out).
MAX_ANSWER_CHARS = 100_000
#: A submitted notebook larger than this is not compared (grading has flagged what it could).
MAX_NOTEBOOK_BYTES = 50_000_000
SOLUTION_REGION = re.compile(r"### BEGIN SOLUTION[^\n]*\n(.*?)### END SOLUTION", re.DOTALL)
INLINE_CODE = re.compile(r"``(.+?)``|`([^`\n]+)`")
FENCED_CODE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Cell:
    """One cell of an answer: where it is (``label``) and its text."""

    label: str
    source: str


@dataclass
class Answer:
    """One author's code for one unit, and its normalised tokens (``where[i]``: the cell and the
    lines of token ``i``)."""

    author: str
    cells: list[Cell]
    tokens: list[Token] = field(default_factory=list)
    where: list[int] = field(default_factory=list)  # cell index of each token

    @classmethod
    def of(cls, author: str, cells: list[Cell], vocabulary: frozenset[str],
           cache: dict[str, list[Token]] | None = None) -> Answer:
        """The answer of ``author`` made of ``cells`` (``cache``: tokens of texts already seen)."""
        kept, size = [], 0
        for cell in cells:
            size += len(cell.source)
            if size > MAX_ANSWER_CHARS and kept:
                break
            kept.append(cell)
        answer = cls(author, kept)
        cache = {} if cache is None else cache
        for index, cell in enumerate(kept):
            found = cache.get(cell.source)
            if found is None:
                found = cache[cell.source] = tokens(cell.source, vocabulary)
            answer.tokens += found
            answer.where += [index] * len(found)
        return answer


@dataclass(frozen=True)
class Unit:
    """What is compared: one exercise of an assignment, or its whole notebook."""

    assignment_id: str
    name: str
    answer_ids: tuple[str, ...]
    reference_lines: int

    @property
    def short(self) -> bool:
        return self.name != WHOLE and self.reference_lines <= SHORT_LINES

    @property
    def key(self) -> str:
        return f"{self.assignment_id}/{self.name}"


@dataclass
class Assignment:
    """One assignment as the comparison sees it: its units, the course's names, the given code,
    the solution's cells and every student's cells (grade_id or added cell, in notebook order)."""

    assignment_id: str
    units: list[Unit]
    vocabulary: frozenset[str]
    given: list[str]
    solution: dict[str, str]  # answer grade_id -> the solution cell's text
    starter: dict[str, str]  # answer grade_id -> the release's cell (what a student starts from)
    released: frozenset[str]  # the text of every code cell of the release (a student's copy is not added code)
    released_ids: frozenset[str] = frozenset()  # the ids of the release's cells (the course's cells, edited or not)
    other_starters: dict[str, set[str]] = field(default_factory=dict)  # grade_id -> another edition's cell
    students: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # student -> [(label, text)]
    cache: dict[str, list[Token]] = field(default_factory=dict, repr=False)  # cell text -> its tokens

    def answers(self, unit: Unit) -> dict[str, Answer]:
        """Every author's answer to ``unit`` (students who left it as released have none)."""
        exercise_of = {g: u.name for u in self.units if u.name != WHOLE for g in u.answer_ids}
        found: dict[str, Answer] = {}
        solution = [Cell(g, self.solution[g]) for g in unit.answer_ids if g in self.solution]
        if solution:
            found[SOLUTION] = Answer.of(SOLUTION, solution, self.vocabulary, self.cache)
        for student, cells in self.students.items():
            chosen = [c for c in _cells_of(unit, cells, exercise_of, self.units)
                      if c.source.strip() != self.starter.get(c.label, "\0").strip()
                      and c.source.strip() not in self.other_starters.get(c.label, ())]
            if chosen:
                found[student] = Answer.of(student, chosen, self.vocabulary, self.cache)
        return found

    def add_edition(self, other: Assignment) -> None:
        """Compare another edition's students with this one's: its given code is given too, and
        its release's cells are what its students start from."""
        self.given = self.given + other.given
        self.released = self.released | other.released
        self.released_ids = self.released_ids | other.released_ids
        for grade_id, text in other.starter.items():
            self.other_starters.setdefault(grade_id, set()).add(text.strip())

    def given_tokens(self) -> list[list[Token]]:
        """The normalised tokens of every piece of given code."""
        return [tokens(text, self.vocabulary) if _parses(text) else lenient_tokens(text, self.vocabulary)
                for text in self.given]


def _cells_of(unit: Unit, cells: list[tuple[str, str]], exercise_of: dict[str, str],
              units: list[Unit]) -> list[Cell]:
    """The student's cells that belong to ``unit``: its answer cells and the added cells below them."""
    first = next((u.name for u in units if u.name != WHOLE), None)
    current = first
    chosen = []
    for label, text in cells:
        if label.startswith("added"):
            owner = current
        else:
            owner = exercise_of.get(label)
            current = owner or current
        if unit.name == WHOLE or owner == unit.name:
            chosen.append(Cell(label, text))
    return chosen


def _parses(text: str) -> bool:
    import ast

    try:
        ast.parse(text)
        return True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


# -- reading notebooks ---------------------------------------------------------------------------

def read_assignment(assignment_id: str, source_nb: nbformat.NotebookNode,
                    release_nb: nbformat.NotebookNode) -> Assignment:
    """The units, names, given code and solution of an assignment, from its nbgrader source
    notebook (solutions inside) and its release."""
    solution = {c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
                for c in source_nb.cells if cell_kind(c) == "answer"}
    lines = {c.metadata["nbgrader"]["grade_id"]: _reference_lines(c.source)
             for c in source_nb.cells if cell_kind(c) == "answer"}
    units = [Unit(assignment_id, e.name, tuple(e.answer_ids), sum(lines.get(g, 0) for g in e.answer_ids))
             for e in exercises(source_nb)]
    all_answers = tuple(g for u in units for g in u.answer_ids)
    units.append(Unit(assignment_id, WHOLE, all_answers, sum(u.reference_lines for u in units)))
    course_cells = [c.source for c in release_nb.cells if c.cell_type == "code" and cell_kind(c) != "answer"]
    given = [c.source for c in release_nb.cells if c.cell_type == "code"] + statement_code(release_nb)
    starter = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release_nb.cells if cell_kind(c) == "answer"}
    released = frozenset(c.source.strip() for c in release_nb.cells if c.cell_type == "code")
    ids = frozenset(c["id"] for c in release_nb.cells if c.get("id"))
    return Assignment(assignment_id, units, vocabulary_of(course_cells) if course_cells else BUILTINS, given,
                      solution, starter, released, ids)


def statement_code(nb: nbformat.NotebookNode) -> list[str]:
    """The code the text of a notebook shows: code blocks and inline code of its markdown cells."""
    found = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        found += [m.group(1) for m in FENCED_CODE.finditer(cell.source)]
        found += [m.group(1) or m.group(2) for m in INLINE_CODE.finditer(FENCED_CODE.sub("", cell.source))]
    return [text for text in found if text.strip()]


def student_cells(notebook: Path, released: frozenset[str], released_ids: frozenset[str] = frozenset()
                  ) -> list[tuple[str, str]]:
    """A submitted notebook's answer cells (by grade_id) and added cells (``added after <id>``: a
    code cell that is neither an answer nor a test, whose id is not one of the release's cells
    (a course cell, even from an older release, is not the student's) and whose text is not one of
    ``released``), in order. An unreadable notebook gives nothing (grading has already said why)."""
    try:  # the JSON only (grading has validated the notebook): reading 500 notebooks stays quick
        if notebook.is_symlink() or notebook.stat().st_size > MAX_NOTEBOOK_BYTES:
            return []  # a link is never followed (nothing a submission made may point elsewhere)
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return []
    found, last = [], "the start"
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) and all(isinstance(s, str) for s in source) else source
        metadata = cell.get("metadata") if isinstance(cell.get("metadata"), dict) else {}
        nbgrader = metadata.get("nbgrader") if isinstance(metadata.get("nbgrader"), dict) else {}
        if not isinstance(source, str):
            continue
        if nbgrader.get("solution") or nbgrader.get("grade"):
            last = str(nbgrader.get("grade_id", last))
            if nbgrader.get("solution"):
                found.append((last, source))
        elif source.strip() and source.strip() not in released and cell.get("id") not in released_ids:
            found.append((f"added after {last}", source))
    return found


def _reference_lines(source: str) -> int:
    """Lines of code inside the solution regions of an answer cell (comments and blanks not counted)."""
    return sum(1 for block in SOLUTION_REGION.findall(source) for line in block.splitlines()
               if line.strip() and not line.strip().startswith("#"))
