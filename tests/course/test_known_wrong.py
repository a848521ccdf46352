"""Every known-wrong implementation loses its exercise's points, and only those; every unusual
correct answer keeps them; every failure says which case failed.

The checks run in-process against the chapter's own hidden tests (``support.in_process``): the
notebook carrying the mistake must score below full on its exercise and full on every other.
"""

import re

import nbformat
import pytest
from support.in_process import exercise_of, exercise_scores, run_in_process

from grader.course.model import cell_kind, exercises

from .chapters import CHAPTER_IDS, KNOWN_WRONG, UNUSUAL_CORRECT, chapter_folder, source_notebook

#: What a message must never show a student: numpy's scalar reprs, the grader's own plumbing.
NOISE = re.compile(r"np\.(int|float)\d+\(|kernel_agent|grader\.judge|<hidden tests of|Traceback")


def _known_wrong_id(wrong) -> str:
    return f"{wrong.chapter_id}/{wrong.answer_id}__{wrong.name}"


def _first_of_each_answer(known):
    """Each known-wrong as a parameter; past the first of its answer cell, marked ``exhaustive``."""
    seen = set()
    for wrong in known:
        key = (wrong.chapter_id, wrong.answer_id)
        yield pytest.param(wrong, id=_known_wrong_id(wrong), marks=[pytest.mark.exhaustive] if key in seen else [])
        seen.add(key)


@pytest.mark.parametrize("wrong", KNOWN_WRONG, ids=_known_wrong_id)
def test_known_wrong_implementation_loses_its_exercise(wrong):
    """One run answers three questions: the hidden tests of the mistake's exercise reject it, the
    visible test meets it as its header says, and each failure of the hidden tests names the case
    it failed on. The run ends once that exercise is judged: the exercises before it run the
    solution's code and score what the solution scores (what the next test asks of the later ones)."""
    nb = source_notebook(wrong.chapter_id)
    exercise = exercise_of(nb, wrong.answer_id)
    outcomes = run_in_process(nb, {wrong.answer_id: wrong.code}, cwd=chapter_folder(wrong.chapter_id),
                              judge_only=exercise.test_ids)
    earned, possible = exercise_scores(nb, outcomes)[exercise.name]
    assert earned < possible, f"the hidden tests of {exercise.name!r} accept the known-wrong {wrong.name!r}"
    zeroed = {g: o.message for g, o in outcomes.items() if g not in exercise.test_ids}
    assert not zeroed, f"{wrong.name!r} has the static check zero other exercises: {zeroed}"
    passed_visible = all(outcomes[t].visible_passed for t in exercise.test_ids)
    verdict = "passes" if passed_visible else "fails"
    assert passed_visible == wrong.passes_visible, (
        f"{wrong.name!r} {verdict} the visible test of {exercise.name!r}, but its header says otherwise"
    )
    for test_id in exercise.test_ids:
        outcome = outcomes[test_id]
        assert outcome.outcome != "judge error", (
            f"{test_id}: the hidden tests broke on {wrong.name!r}: {outcome.message}"
        )
        assert not NOISE.search(outcome.message), f"{test_id}: the message shows noise: {outcome.message}"
        if outcome.visible_passed and outcome.outcome == "failed":
            assert outcome.case, f"{test_id}: the failure on {wrong.name!r} does not name its case: {outcome.message}"


@pytest.mark.parametrize("wrong", list(_first_of_each_answer(KNOWN_WRONG)))
def test_known_wrong_implementation_costs_no_other_exercise(wrong):
    """The whole chapter runs with the mistake in place, and every other exercise keeps full marks:
    the later exercises do not lean on the student's earlier answers (the kernel library gives an
    exercise's reference back once it is judged). make test runs it for the first known-wrong of
    each answer cell; make test-all for all of them."""
    nb = source_notebook(wrong.chapter_id)
    exercise = exercise_of(nb, wrong.answer_id)
    outcomes = run_in_process(nb, {wrong.answer_id: wrong.code}, cwd=chapter_folder(wrong.chapter_id))
    scores = exercise_scores(nb, outcomes)
    assert scores[exercise.name][0] < scores[exercise.name][1], (
        f"the hidden tests of {exercise.name!r} accept the known-wrong {wrong.name!r}")
    failures = [o.message for o in outcomes.values() if not o.passed]
    others = {name: s for name, s in scores.items() if name != exercise.name and s[0] < s[1]}
    assert not others, f"{wrong.name!r} also cost points in other exercises: {others}; {failures}"


@pytest.mark.parametrize("right", UNUSUAL_CORRECT, ids=lambda k: f"{k.chapter_id}/{k.answer_id}__{k.name}")
def test_unusual_correct_answer_keeps_full_marks(right):
    nb = source_notebook(right.chapter_id)
    outcomes = run_in_process(nb, {right.answer_id: right.code}, cwd=chapter_folder(right.chapter_id))
    failures = {g: o.message for g, o in outcomes.items() if not o.passed}
    assert not failures, f"the honest answer {right.name!r} loses points: {failures}"


@pytest.mark.parametrize("chapter_id", CHAPTER_IDS)
def test_every_exercise_has_at_least_three_known_wrong_implementations(chapter_id):
    nb = source_notebook(chapter_id)
    counts = {e.name: 0 for e in exercises(nb)}
    for wrong in KNOWN_WRONG:
        if wrong.chapter_id == chapter_id:
            counts[exercise_of(nb, wrong.answer_id).name] += 1
    thin = {name: n for name, n in counts.items() if n < 3}
    assert not thin, f"exercises with fewer than three known-wrong implementations: {thin}"


@pytest.mark.parametrize("chapter_id", CHAPTER_IDS)
def test_every_mistake_is_explained_for_the_student(chapter_id):
    """Each known-wrong file says what the mistake is, why it gives its numbers, which section of
    the chapter covers it (a real heading) and a hint."""
    headings = {line.lstrip("#").strip() for line in source_notebook_text(chapter_id).splitlines()
                if line.startswith("#")}
    problems = []
    for wrong in KNOWN_WRONG:
        if wrong.chapter_id != chapter_id:
            continue
        if wrong.missing_fields():
            problems.append(f"{wrong.answer_id}__{wrong.name}: no {', '.join(wrong.missing_fields())}")
        elif wrong.see not in headings:
            problems.append(f"{wrong.answer_id}__{wrong.name}: 'see: {wrong.see}' is not a heading of the chapter")
    assert not problems, "\n".join(problems)


def source_notebook_text(chapter_id: str) -> str:
    return "\n".join(c.source for c in source_notebook(chapter_id).cells if c.cell_type == "markdown")


@pytest.mark.parametrize("chapter_id", CHAPTER_IDS)
def test_solution_scores_full_marks_in_process(chapter_id):
    nb = source_notebook(chapter_id)
    outcomes = run_in_process(nb, cwd=chapter_folder(chapter_id))
    failures = {g: o.message for g, o in outcomes.items() if not o.passed}
    assert not failures, f"the solution fails its own tests: {failures}"


@pytest.mark.parametrize("chapter_id", CHAPTER_IDS)
def test_untouched_release_scores_zero_in_process(chapter_id, assignments_dir):
    """The answer cells exactly as released (signature, docstring, ``raise NotImplementedError``)."""
    nb = source_notebook(chapter_id)
    release = nbformat.read(assignments_dir / chapter_id / f"{chapter_id}.ipynb", 4)
    stubs = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells if cell_kind(c) == "answer"}
    assert set(stubs) == {a for e in exercises(nb) for a in e.answer_ids}
    scores = exercise_scores(nb, run_in_process(nb, stubs, cwd=chapter_folder(chapter_id)))
    earning = {name: s for name, s in scores.items() if s[0] > 0}
    assert not earning, f"an empty answer earns points: {earning}"


@pytest.mark.parametrize("chapter_id", CHAPTER_IDS)
def test_every_test_cell_is_judged_by_hidden_tests(chapter_id):
    """No test cell decides its score in the kernel alone: each has a hidden block for the judge."""
    from grader.course.model import hidden_tests

    nb = source_notebook(chapter_id)
    tests = {c.metadata["nbgrader"]["grade_id"] for c in nb.cells if cell_kind(c) == "test"}
    assert tests <= set(hidden_tests(nb)), f"test cells without hidden tests: {sorted(tests - set(hidden_tests(nb)))}"
