"""An answer that does nothing earns nothing.

From every answer cell of every chapter as released (its signature, its docstring, ``raise
NotImplementedError``) three answers are derived (``support.do_nothing``): each ``raise
NotImplementedError`` becomes ``return None``, ``return`` of its function's first argument, or
``return`` of zeros shaped like the reference's output on the notebook's own examples. Each runs
in-process against the chapter's hidden tests, as the known-wrong answers do, and must earn 0 from
the test cells of its answer: a promise such an answer keeps by doing nothing ("x is left
unchanged", "the result has x's shape") counts only together with the exercise's value promise
(``promise(..., only_with=...)``, docs/authoring.md). An answer whose first argument, or zeros, is
the right value for some cases may keep the value promise of those cases: such exceptions are
listed in ``KEEPS``, each with its reason.
"""

from __future__ import annotations

from functools import cache

import nbformat
import pytest
from support.do_nothing import KINDS, do_nothing, reference_outputs
from support.in_process import exercise_of, run_in_process

from grader.course.model import cell_kind

from .chapters import CHAPTER_IDS, chapter_folder, source_notebook

#: (chapter, answer cell, derived answer) -> why it keeps some points (none today: where zeros or
#: the first argument happened to be right, the value promise of the other cases still failed it).
KEEPS: dict[tuple[str, str, str], str] = {}

#: (chapter, answer cell, derived answer) whose hidden tests still fail on their own code when the
#: answer returns the wrong kind of thing (0 points either way, but the feedback reads "a hidden test
#: of the course is wrong" instead of the judge's own sentence): to be mended in those tests.
JUDGE_FAILS: set[tuple[str, str, str]] = set()


@cache
def released_stubs(chapter_id: str) -> dict[str, str]:
    from grader.paths import ASSIGNMENTS_DIR

    release = nbformat.read(ASSIGNMENTS_DIR / chapter_id / f"{chapter_id}.ipynb", 4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells if cell_kind(c) == "answer"}


@cache
def chapter_outputs(chapter_id: str) -> dict[str, dict]:
    return reference_outputs(source_notebook(chapter_id), released_stubs(chapter_id), chapter_folder(chapter_id))


def own_tests(chapter_id: str, answer_id: str) -> tuple[str, ...]:
    """The test cells of ``answer_id``: its exercise's, or, where the exercise has several answer
    cells, those named after it (``numpy_softplus_tests``); the others test the solution's cells."""
    exercise = exercise_of(source_notebook(chapter_id), answer_id)
    if len(exercise.answer_ids) == 1:
        return exercise.test_ids
    tests = tuple(t for t in exercise.test_ids if t.startswith(f"{answer_id}_"))
    assert tests, f"no test cell of {exercise.name} is named after {answer_id}"
    return tests


def _cases():
    for chapter_id in CHAPTER_IDS:
        for answer_id in released_stubs(chapter_id):
            for kind in KINDS:
                yield pytest.param(chapter_id, answer_id, kind, id=f"{chapter_id}/{answer_id}/{kind}")


def test_do_nothing_answers_are_derived_from_the_stubs():
    stub = ('class F:\n    @staticmethod\n    def forward(ctx, x, h=1e-5):\n        """Doc."""\n'
            '        # YOUR CODE HERE\n        raise NotImplementedError(\n            "x")\n\n'
            '    def __init__(self, size):\n        raise NotImplementedError\n\n'
            'value = None\nraise NotImplementedError()\n')
    assert do_nothing(stub, "none").splitlines()[5] == "        return None"
    assert do_nothing(stub, "first").splitlines()[5] == "        return x"
    assert do_nothing(stub, "first").splitlines()[8] == "        return None"
    assert do_nothing(stub, "first").splitlines()[-1] == "pass"
    outputs = {"F.forward": ["tuple", [["numpy", [2, 3], "float32"], None, ["autograd_lib", [], "float64"]]]}
    zeros = do_nothing(stub, "zeros", outputs)
    assert zeros.splitlines()[:2] == ["import autograd_lib as _zeros_autograd_lib", "import numpy as _zeros_numpy"]
    namespace = {}
    exec(compile(zeros.replace("@staticmethod", "").replace("value = None", ""), "<stub>", "exec"), namespace)
    first, none, scalar = namespace["F"].forward(None, 1.0)
    assert first.shape == (2, 3) and first.dtype == "float32" and not first.any() and none is None
    assert scalar.shape == () and scalar.item() == 0.0


@pytest.mark.parametrize(("chapter_id", "answer_id", "kind"), list(_cases()))
def test_an_answer_that_does_nothing_earns_nothing(chapter_id, answer_id, kind):
    nb = source_notebook(chapter_id)
    tests = own_tests(chapter_id, answer_id)
    outputs = chapter_outputs(chapter_id)[answer_id] if kind == "zeros" else None
    answer = do_nothing(released_stubs(chapter_id)[answer_id], kind, outputs)
    outcomes = run_in_process(nb, {answer_id: answer}, cwd=chapter_folder(chapter_id), judge_only=tests)
    points = {c.metadata["nbgrader"]["grade_id"]: float(c.metadata["nbgrader"]["points"])
              for c in nb.cells if cell_kind(c) == "test"}
    earned, possible = sum(points[t] * outcomes[t].score for t in tests), sum(points[t] for t in tests)
    crashed = {t: outcomes[t].message for t in tests if outcomes[t].outcome == "judge error"}
    if (chapter_id, answer_id, kind) in JUDGE_FAILS:
        assert crashed, f"{answer_id} with {kind!r} no longer trips the hidden tests' own code: leave JUDGE_FAILS"
    else:
        assert not crashed, f"{answer_id} answered with {kind!r}: the hidden tests failed on their own code: {crashed}"
    if (chapter_id, answer_id, kind) in KEEPS:
        assert earned < possible, f"{answer_id} answered with {kind!r} scores full marks"
        return
    kept = {t: outcomes[t].score for t in tests if outcomes[t].score > 0}
    assert earned == 0, f"{answer_id} answered by doing nothing ({kind}) earns {earned}/{possible}: {kept}"


@pytest.mark.slow
def test_do_nothing_answers_earn_nothing_through_nbgrader(tmp_path):
    """Chapter 0 graded by the real pipeline: every answer cell returning None, its first argument
    or zeros, scores 0 (a None answer once kept "x is left unchanged": 0.4 of 4 points)."""
    from support.in_process import answered_release

    from grader.course.model import find_chapters
    from grader.course.nbgrader_setup import NbgraderCourse
    from grader.paths import COURSE_DIR
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "00_finite_differences")
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    stubs = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells if cell_kind(c) == "answer"}
    root = tmp_path / "subs"
    outputs = chapter_outputs(chapter.chapter_id)
    for kind in KINDS:
        folder = root / kind / chapter.chapter_id
        folder.mkdir(parents=True)
        answers = {grade_id: do_nothing(stub, kind, outputs[grade_id]) for grade_id, stub in stubs.items()}
        nbformat.write(answered_release(release, source, answers), folder / chapter.notebook_name)
    results = autograde(root, tmp_path / "out", COURSE_DIR, GradingSettings(jobs=1, cell_timeout=30),
                        log=lambda *a: None)
    scores = {r.student_id: r.score for r in results}
    assert scores == dict.fromkeys(KINDS, 0), {r.student_id: r.messages for r in results}
