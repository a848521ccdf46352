"""Self-checks of the course: run a chapter in-process, with some answer cells replaced
(``grader.judge.rehearsal``). This is how the test suite proves, for every known-wrong
implementation of the course (``grader.course.mistakes``), that the chapter's hidden tests reject
it and only it: the notebook carrying the mistake must score below full on its own exercise and
full on every other one.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, Exercise, cell_kind, exercises
from grader.judge.rehearsal import DEFAULT_SEED, CellOutcome, rehearse


def run_in_process(nb: nbformat.NotebookNode, replacements: dict[str, str] | None = None, *,
                   visible_only: bool = False, cwd: Path | None = None,
                   seed: int = DEFAULT_SEED) -> dict[str, CellOutcome]:
    """Each test cell's outcome with ``replacements`` in the answer cells (``rehearsal.rehearse``)."""
    return rehearse(nb, replacements, visible_only=visible_only, cwd=cwd, seed=seed).outcomes


def exercise_scores(nb: nbformat.NotebookNode, outcomes: dict[str, CellOutcome]) -> dict[str, tuple[float, float]]:
    """(points earned, points possible) per exercise, from the test cells' outcomes."""
    points = {
        c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"].get("points", 0))
        for c in nb.cells
        if cell_kind(c) == "test"
    }
    scores = {}
    for exercise in exercises(nb):
        earned = sum(points[t] * outcomes[t].score for t in exercise.test_ids if t in outcomes)
        scores[exercise.name] = (earned, exercise.points)
    return scores


def exercise_of(nb: nbformat.NotebookNode, answer_id: str) -> Exercise:
    """The exercise whose answer cell is ``answer_id``."""
    for exercise in exercises(nb):
        if answer_id in exercise.answer_ids:
            return exercise
    raise KeyError(f"no exercise has the answer cell {answer_id!r}")

def answered_release(
    release: nbformat.NotebookNode,
    source: nbformat.NotebookNode,
    replacements: dict[str, str] | None = None,
) -> nbformat.NotebookNode:
    """The student's release with every answer cell filled in, as a student would submit it.

    An answer cell gets the text in ``replacements`` under its grade_id, else the solution from
    the source notebook (markers stripped). Everything else stays as released.
    """
    replacements = replacements or {}
    solutions = {
        c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
        for c in source.cells
        if cell_kind(c) == "answer"
    }
    nb = nbformat.from_dict(release)
    for cell in nb.cells:
        if cell_kind(cell) == "answer":
            grade_id = cell.metadata["nbgrader"]["grade_id"]
            cell.source = replacements.get(grade_id, solutions[grade_id])
    return nb
