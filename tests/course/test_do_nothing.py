"""An answer that does nothing earns nothing.

From every answer cell as released (its signature, its docstring, ``raise NotImplementedError``)
two answers are derived: each ``raise NotImplementedError`` becomes ``return None``, or ``return``
of its function's first argument (after ``self``, ``cls`` or ``ctx``). Each runs in-process against
the chapter's hidden tests, as the known-wrong answers do, and must earn 0 on its exercise: a
promise such an answer keeps by doing nothing ("x is left unchanged", "the result has x's shape")
counts only together with the exercise's value promise (``promise(..., only_with=...)``,
docs/authoring.md). An answer whose first argument is the right value for some cases may keep the
value promise of those cases: such exceptions are listed in ``KEEPS``, each with its reason.
"""

from __future__ import annotations

import ast
from functools import cache

import nbformat
import pytest
from support.in_process import exercise_of, exercise_scores, run_in_process

from grader.course.model import cell_kind

from .chapters import chapter_folder, source_notebook

#: The chapters checked so far: 0, 2, 4 and 7 declare their vacuous promises, 1 and 3 need none.
CHAPTERS = ("00_finite_differences", "01_computational_graphs", "02_function_and_ctx", "03_backward_engine",
            "04_shapes", "07_linear_function")

#: (chapter, answer cell, derived answer) -> why it keeps some points (none in the chapters checked).
KEEPS: dict[tuple[str, str, str], str] = {}

SKIPPED_NAMES = {"self", "cls", "ctx"}


def do_nothing(stub: str, kind: str) -> str:
    """``stub`` with each ``raise NotImplementedError`` replaced by an answer that does nothing:
    ``return None`` (kind "none") or ``return <first argument>`` (kind "first")."""
    tree = ast.parse(stub)
    lines = stub.splitlines()
    edits = []
    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        names = [n for n in names if n not in SKIPPED_NAMES]
        for statement in function.body:
            if isinstance(statement, ast.Raise) and "NotImplementedError" in ast.unparse(statement.exc or statement):
                value = names[0] if kind == "first" and names else "None"
                indent = lines[statement.lineno - 1][: statement.col_offset]
                edits.append((statement.lineno, statement.end_lineno, f"{indent}return {value}"))
    assert edits, f"no raise NotImplementedError to replace in:\n{stub}"
    for first, last, text in sorted(edits, reverse=True):
        lines[first - 1:last] = [text]
    return "\n".join(lines) + "\n"


@cache
def released_stubs(chapter_id: str) -> dict[str, str]:
    from grader.paths import ASSIGNMENTS_DIR

    release = nbformat.read(ASSIGNMENTS_DIR / chapter_id / f"{chapter_id}.ipynb", 4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells if cell_kind(c) == "answer"}


def _cases():
    for chapter_id in CHAPTERS:
        for answer_id in released_stubs(chapter_id):
            for kind in ("none", "first"):
                yield pytest.param(chapter_id, answer_id, kind, id=f"{chapter_id}/{answer_id}/{kind}")


def test_do_nothing_answers_are_derived_from_the_stubs():
    stub = ('def f(ctx, x, h=1e-5):\n    """Doc."""\n    # YOUR CODE HERE\n'
            '    raise NotImplementedError(\n        "x")\n')
    assert do_nothing(stub, "none").splitlines()[-1] == "    return None"
    assert do_nothing(stub, "first").splitlines()[-1] == "    return x"
    compile(do_nothing(stub, "first"), "<stub>", "exec")


@pytest.mark.parametrize(("chapter_id", "answer_id", "kind"), list(_cases()))
def test_an_answer_that_does_nothing_earns_nothing(chapter_id, answer_id, kind):
    nb = source_notebook(chapter_id)
    exercise = exercise_of(nb, answer_id)
    answer = do_nothing(released_stubs(chapter_id)[answer_id], kind)
    outcomes = run_in_process(nb, {answer_id: answer}, cwd=chapter_folder(chapter_id), judge_only=exercise.test_ids)
    earned, possible = exercise_scores(nb, outcomes)[exercise.name]
    if (chapter_id, answer_id, kind) in KEEPS:
        assert earned < possible, f"{answer_id} answered with {kind!r} scores full marks"
        return
    kept = {g: o.score for g, o in outcomes.items() if o.score > 0}
    assert earned == 0, f"{answer_id} answered by doing nothing ({kind}) earns {earned}/{possible}: {kept}"


@pytest.mark.slow
def test_do_nothing_answers_earn_nothing_through_nbgrader(tmp_path):
    """Chapter 0 graded by the real pipeline: every answer cell returning None, or its first
    argument, scores 0 (a None answer once kept "x is left unchanged": 0.4 of 4 points)."""
    from support.in_process import answered_release

    from grader.course.model import find_chapters
    from grader.course.nbgrader_setup import NbgraderCourse
    from grader.grading.runner import autograde
    from grader.grading.settings import GradingSettings
    from grader.paths import COURSE_DIR

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "00_finite_differences")
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    stubs = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells if cell_kind(c) == "answer"}
    root = tmp_path / "subs"
    for kind in ("none", "first"):
        folder = root / kind / chapter.chapter_id
        folder.mkdir(parents=True)
        answers = {grade_id: do_nothing(stub, kind) for grade_id, stub in stubs.items()}
        nbformat.write(answered_release(release, source, answers), folder / chapter.notebook_name)
    results = autograde(root, tmp_path / "out", COURSE_DIR, GradingSettings(jobs=1, cell_timeout=30),
                        log=lambda *a: None)
    scores = {r.student_id: r.score for r in results}
    assert scores == {"none": 0, "first": 0}, {r.student_id: r.messages for r in results}
