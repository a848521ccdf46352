"""Self-checks of the course: run a chapter in-process, with some answer cells replaced.

Running a notebook through nbgrader costs seconds; running its cells with ``exec`` in one Python
namespace costs milliseconds. This is how the test suite proves, for every known-wrong
implementation kept in ``tests/known_wrong/``, that the chapter's hidden tests reject it and
only it: the notebook carrying the mistake must score below full on its own exercise and full on
every other one.

A known-wrong implementation is a file ``tests/known_wrong/<chapter>/<answer grade_id>__<name>.py``
whose text replaces that answer cell. Its first line says whether it is meant to pass the
visible test (``# visible: passes``) or not (``# visible: fails``); the suite checks that too.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from grader.authoring import HIDDEN_BLOCK, SOLUTION_BLOCK, Exercise, cell_kind, exercises


@dataclass(frozen=True)
class CellOutcome:
    grade_id: str
    passed: bool
    message: str = ""
    #: For a test cell named in ``visible_probe``: whether its visible part alone passed.
    visible_passed: bool | None = None


@dataclass(frozen=True)
class KnownWrong:
    """A plausible mistake: the answer cell it replaces, its name, its code, its visible verdict."""

    chapter_id: str
    answer_id: str
    name: str
    code: str
    passes_visible: bool

    @classmethod
    def from_file(cls, path: Path) -> KnownWrong:
        answer_id, _, name = path.stem.partition("__")
        code = path.read_text()
        first = code.splitlines()[0] if code else ""
        match = re.fullmatch(r"# visible: (passes|fails)", first.strip())
        if not match:
            raise ValueError(f"{path}: the first line must be '# visible: passes' or '# visible: fails'")
        return cls(path.parent.name, answer_id, name, code, match.group(1) == "passes")


def known_wrong(root: Path, chapter_id: str) -> list[KnownWrong]:
    """The known-wrong implementations kept for ``chapter_id`` under ``root``."""
    folder = Path(root) / chapter_id
    if not folder.exists():
        return []
    return [KnownWrong.from_file(p) for p in sorted(folder.glob("*.py"))]


def run_in_process(
    nb: nbformat.NotebookNode,
    replacements: dict[str, str] | None = None,
    *,
    visible_only: bool = False,
    visible_probe: frozenset[str] = frozenset(),
    cwd: Path | None = None,
) -> dict[str, CellOutcome]:
    """Execute the code cells of a source notebook in one namespace; return each test's outcome.

    ``replacements`` maps an answer cell's grade_id to the code that replaces it. An answer cell
    without a replacement runs the solution (markers stripped). With ``visible_only`` the hidden
    test blocks are removed first, as in the student's release. For the test cells named in
    ``visible_probe`` the visible part runs first on its own and its verdict is kept too, so one
    run answers both "does it pass the visible test?" and "does it pass the hidden tests?".
    Errors in non-test cells are kept going past, as nbgrader does.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from grader import testkit
    from grader.authoring import forbidden_references

    replacements = replacements or {}
    guards = forbidden_references(nb)
    namespace: dict = {"__name__": "__main__"}
    outcomes: dict[str, CellOutcome] = {}
    directory = contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext()
    with directory, contextlib.redirect_stdout(io.StringIO()):
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            kind = cell_kind(cell)
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", cell.get("id"))
            source = replacements.get(grade_id, SOLUTION_BLOCK.sub("", cell.source))
            if grade_id in guards and kind == "test":  # as the grader runs it
                source = testkit.guard_line(*guards[grade_id]) + source
            if visible_only:
                source = HIDDEN_BLOCK.sub("", source)
            visible = None
            if grade_id in visible_probe:
                visible = _runs(HIDDEN_BLOCK.sub("", source), grade_id, namespace)
            try:
                exec(compile(source, f"<cell {grade_id}>", "exec"), namespace)
            except BaseException as error:  # a test may raise anything, SystemExit included
                if kind == "test":
                    message = f"{type(error).__name__}: {error}"
                    outcomes[grade_id] = CellOutcome(grade_id, False, message, visible)
            else:
                if kind == "test":
                    outcomes[grade_id] = CellOutcome(grade_id, True, "", visible)
            finally:
                testkit.release_guards()
                plt.close("all")
    return outcomes


def _runs(source: str, grade_id: str, namespace: dict) -> bool:
    """Whether ``source`` runs without an error in ``namespace``."""
    try:
        exec(compile(source, f"<visible part of {grade_id}>", "exec"), namespace)
    except BaseException:
        return False
    return True


def exercise_scores(nb: nbformat.NotebookNode, outcomes: dict[str, CellOutcome]) -> dict[str, tuple[float, float]]:
    """(points earned, points possible) per exercise, from the test cells' outcomes."""
    points = {
        c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"].get("points", 0))
        for c in nb.cells
        if cell_kind(c) == "test"
    }
    scores = {}
    for exercise in exercises(nb):
        earned = sum(points[t] for t in exercise.test_ids if t in outcomes and outcomes[t].passed)
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
