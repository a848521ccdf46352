"""Self-checks of the course: run a chapter as its grading kernel would, with some answer cells
replaced (``grader.judge.rehearsal``). This is how the test suite proves, for every known-wrong
implementation of the course (``grader.course.mistakes``), that the chapter's hidden tests reject
it and only it: the notebook carrying the mistake must score below full on its own exercise and
full on every other one.

A chapter runs in a child process on the chapter's kernel library (the build of autograd_lib
without the chapter's answers, each given back once its exercise has been judged) under the
runtime guard (``grader.judge.rehearsal_process``): so every solution, known-wrong and unusual
correct answer checked here is also checked against the build and the guard. One such process is
kept for the chapter at hand.
"""

from __future__ import annotations

import atexit
from functools import cache
from pathlib import Path

import nbformat
import pytest

from grader.course.kernel_library import cached_builds
from grader.course.model import SOLUTION_BLOCK, Exercise, cell_kind, exercises, find_chapters
from grader.judge.rehearsal import DEFAULT_SEED, CellOutcome, rehearse
from grader.judge.rehearsal_process import RehearsalProcess
from grader.paths import COURSE_DIR

_PROCESSES: dict[str, RehearsalProcess] = {}


def run_in_process(nb: nbformat.NotebookNode, replacements: dict[str, str] | None = None, *,
                   visible_only: bool = False, cwd: Path | None = None,
                   seed: int = DEFAULT_SEED, judge_only: tuple[str, ...] = ()) -> dict[str, CellOutcome]:
    """Each test cell's outcome with ``replacements`` in the answer cells (``rehearsal.rehearse``;
    ``judge_only``: only these test cells, the run ending once they are judged), under the kernel
    library of the chapter whose folder is ``cwd`` (in this process otherwise)."""
    process = chapter_process(Path(cwd).name) if cwd is not None else None
    options = {"visible_only": visible_only, "cwd": cwd, "seed": seed, "judge_only": tuple(judge_only)}
    if process is None:
        return rehearse(nb, replacements, **options).outcomes
    return process.rehearse(nb, replacements, **options).outcomes


def chapter_group(chapter_id: str):
    """The xdist group of the tests that rehearse ``chapter_id`` (``zh_`` editions included): one
    worker runs them together, so the chapter's rehearsal process starts once (a start costs a
    fresh import of the chapter's library, seconds each)."""
    return pytest.mark.xdist_group(f"chapter-{chapter_id.removeprefix('zh_')}")


@cache
def kernel_libraries() -> dict[str, Path]:
    """Every chapter's kernel library (built once per course version, shared by test workers)."""
    return cached_builds(find_chapters(COURSE_DIR))


def chapter_process(chapter_id: str) -> RehearsalProcess | None:
    """The rehearsal process of ``chapter_id`` (the previous chapter's is closed: one at a time)."""
    build = kernel_libraries().get(chapter_id)
    if build is None:
        return None
    if chapter_id not in _PROCESSES:
        for other in list(_PROCESSES):
            _PROCESSES.pop(other).close()
        _PROCESSES[chapter_id] = RehearsalProcess(build)
    return _PROCESSES[chapter_id]


@atexit.register
def _close_processes() -> None:
    for process in _PROCESSES.values():
        process.close()


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
