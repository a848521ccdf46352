"""Every known-wrong implementation loses its exercise's points, and only those.

The check runs in-process against the chapter's own hidden tests (see support.in_process): the
notebook carrying the mistake must score below full on its exercise and full on every other.
"""

import nbformat
import pytest

from grader.course.model import cell_kind, exercises
from support.in_process import exercise_of, exercise_scores, run_in_process

from .chapters import CHAPTER_IDS, KNOWN_WRONG, chapter_folder, source_notebook


@pytest.mark.parametrize("wrong", KNOWN_WRONG, ids=lambda k: f"{k.chapter_id}/{k.answer_id}__{k.name}")
def test_known_wrong_implementation_loses_only_its_own_exercise(wrong):
    """One run answers three questions: the hidden tests of the mistake's exercise reject it,
    every other exercise keeps full marks, and the visible test meets it as its header says."""
    nb = source_notebook(wrong.chapter_id)
    exercise = exercise_of(nb, wrong.answer_id)
    outcomes = run_in_process(
        nb,
        {wrong.answer_id: wrong.code},
        cwd=chapter_folder(wrong.chapter_id),
    )
    scores = exercise_scores(nb, outcomes)
    earned, possible = scores[exercise.name]
    failures = [o.message for o in outcomes.values() if not o.passed]
    assert earned < possible, f"the hidden tests of {exercise.name!r} accept the known-wrong {wrong.name!r}"
    others = {name: s for name, s in scores.items() if name != exercise.name and s[0] < s[1]}
    assert not others, f"{wrong.name!r} also cost points in other exercises: {others}; {failures}"
    passed_visible = all(outcomes[t].visible_passed for t in exercise.test_ids)
    verdict = "passes" if passed_visible else "fails"
    assert passed_visible == wrong.passes_visible, (
        f"{wrong.name!r} {verdict} the visible test of {exercise.name!r}, but its header says otherwise"
    )


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
