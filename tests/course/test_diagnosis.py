"""The diagnosis names the right mistake, measured honestly on wrong answers it has never seen.

``tests/known_wrong_heldout/<chapter>/<answer>__<mistake>.py`` holds second implementations of
the course's known mistakes, written from each mistake's one-line description alone, by someone
who did not see the catalogue's code. The diagnosis never loads them. Each is graded in-process
as a student's answer would be (only its failed test cells get a diagnosis run) and diagnosed
against the catalogue: right (it names that mistake), wrong (it names another) or silent. A wrong
diagnosis misleads a student, so it must stay near zero; silence is allowed. The course's unusual
correct answers must never be diagnosed.
"""

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from support.in_process import chapter_group, exercise_of

from grader.judge.catalogue import CORRECT, compute_for
from grader.judge.diagnose import diagnose
from grader.judge.rehearsal import rehearse

from .chapters import CHAPTERS, KNOWN_WRONG, UNUSUAL_CORRECT, chapter_folder, source_notebook

pytestmark = pytest.mark.slow

HELD_OUT_DIR = Path(__file__).resolve().parent.parent / "known_wrong_heldout"


def _held_out(chapter_id: str) -> list[tuple[str, str, str]]:
    """(answer id, mistake name, code) of each held-out answer of a chapter."""
    folder = HELD_OUT_DIR / chapter_id
    return [(*p.stem.split("__", 1), p.read_text()) for p in sorted(folder.glob("*.py"))] if folder.is_dir() else []


CHAPTERS_WITH_HELD_OUT = [c.chapter_id for c in CHAPTERS if _held_out(c.chapter_id)]


@cache
def _catalogue(chapter_id: str, exercise_name: str) -> dict:
    nb = source_notebook(chapter_id)
    exercise = next(e for e in exercise_of_all(nb) if e.name == exercise_name)
    mistakes = [w.as_dict() for w in KNOWN_WRONG if w.chapter_id == chapter_id and w.answer_id in exercise.answer_ids]
    return compute_for(nb, chapter_folder(chapter_id), list(exercise.test_ids), mistakes)


def exercise_of_all(nb):
    from grader.course.model import exercises

    return exercises(nb)


def _diagnosis(chapter_id: str, answer_id: str, code: str):
    """What grading would say of this answer: the diagnosis of its failed test cells, or None."""
    nb = source_notebook(chapter_id)
    exercise = exercise_of(nb, answer_id)
    run = rehearse(nb, {answer_id: code}, cwd=chapter_folder(chapter_id), record=exercise.test_ids, only_record=True)
    failed = {g: t for g, t in run.transcripts.items() if not run.outcomes[g].passed}
    if not failed:
        return "passed", None
    runs = dict(_catalogue(chapter_id, exercise.name))
    correct = runs.pop(CORRECT)
    return "failed", diagnose(failed, runs, correct)


#: Per chapter, the measured figures as floors: at least ``right`` diagnosed right, at most
#: ``wrong`` diagnosed as another mistake. A change to the diagnosis, the catalogue or the hidden
#: tests that diagnoses fewer held-out answers right, or more wrongly, fails here.
FLOORS = {
    "00_finite_differences": {"right": 12, "wrong": 0},
    "01_computational_graphs": {"right": 13, "wrong": 0},
    "02_function_and_ctx": {"right": 41, "wrong": 0},
    "03_backward_engine": {"right": 30, "wrong": 1},
    "04_shapes": {"right": 25, "wrong": 0},
    "05_gradcheck": {"right": 21, "wrong": 0},
    "06_inplace_and_hooks": {"right": 20, "wrong": 0},
    "07_linear_function": {"right": 9, "wrong": 0},
    "08_modules_and_parameters": {"right": 15, "wrong": 0},
    "09_training": {"right": 35, "wrong": 0},
    "10_extending_pytorch": {"right": 35, "wrong": 1},
    "11_reading_old_code": {"right": 22, "wrong": 1},
    "12_higher_order_and_forward_mode": {"right": 31, "wrong": 0},
}
FIGURES_DIR = Path(__file__).resolve().parents[2] / "build" / "test-artifacts" / "diagnosis"


def test_the_floors_add_up_to_the_course_targets():
    """Every chapter at its floor means, over the course, at least 70% of the held-out answers
    the tests reject diagnosed right and at most 2% diagnosed wrongly."""
    assert set(FLOORS) == set(CHAPTERS_WITH_HELD_OUT)
    held_out = sum(len(_held_out(c)) for c in FLOORS)
    assert sum(f["right"] for f in FLOORS.values()) >= 0.7 * held_out
    assert sum(f["wrong"] for f in FLOORS.values()) <= 0.02 * held_out


#: make test measures these chapters (values by hand, in-place rules and hooks, a custom Function);
#: make test-all measures every chapter against its floors.
QUICK_CHAPTERS = {"01_computational_graphs", "06_inplace_and_hooks", "07_linear_function"}


@pytest.mark.parametrize("chapter_id", [
    c if c in QUICK_CHAPTERS else pytest.param(c, marks=pytest.mark.exhaustive) for c in CHAPTERS_WITH_HELD_OUT])
def test_held_out_wrong_answers_are_diagnosed_right_or_not_at_all(chapter_id):
    tally = Counter()
    wrong = []
    for answer_id, name, code in _held_out(chapter_id):
        outcome, found = _diagnosis(chapter_id, answer_id, code)
        if outcome == "passed":
            tally["passed the tests"] += 1
        elif found is None:
            tally["not diagnosed"] += 1
        elif found.name == name:
            tally["right"] += 1
        else:
            tally["wrong"] += 1
            wrong.append(f"{answer_id}__{name} diagnosed as {found.name}")
    FIGURES_DIR.mkdir(parents=True, exist_ok=True)
    (FIGURES_DIR / f"{chapter_id}.json").write_text(json.dumps({**tally, "misdiagnosed": wrong}, indent=1))
    assert tally["passed the tests"] == 0, "a held-out wrong answer passes the tests: it is not wrong"
    assert tally["wrong"] <= FLOORS[chapter_id]["wrong"], wrong
    assert tally["right"] >= FLOORS[chapter_id]["right"], dict(tally)


@pytest.mark.parametrize("right", [
    u if u.chapter_id in QUICK_CHAPTERS else pytest.param(u, marks=pytest.mark.exhaustive)
    for u in UNUSUAL_CORRECT if u.chapter_id in CHAPTERS_WITH_HELD_OUT],
    ids=lambda k: f"{k.chapter_id}/{k.answer_id}__{k.name}")
def test_an_unusual_correct_answer_is_never_diagnosed(right):
    nb = source_notebook(right.chapter_id)
    exercise = exercise_of(nb, right.answer_id)
    run = rehearse(nb, {right.answer_id: right.code}, cwd=chapter_folder(right.chapter_id),
                   record=exercise.test_ids, only_record=True)
    runs = dict(_catalogue(right.chapter_id, exercise.name))
    correct = runs.pop(CORRECT)
    assert diagnose(run.transcripts, runs, correct) is None


@chapter_group("02_function_and_ctx")
def test_the_catalogue_on_the_kernel_library_names_a_mistake_of_a_later_exercise():
    """Grading runs the catalogue on the chapter's kernel library, where an earlier exercise's code
    comes back only once its tests are judged. The catalogue judges only the exercise at hand, so
    chapter 2's ``mul`` ran with ``FunctionCtx.saved_tensors`` (the exercise ``context``) still
    withheld: every case of every mistake raised ``Withheld``, they all looked alike, and a
    student's ``forgets_grad_output`` got no diagnosis. The student's side is a full run, as grading
    judges every cell."""
    from support.in_process import chapter_process, kernel_libraries

    chapter_id, answer_id, name = "02_function_and_ctx", "mul", "forgets_grad_output"
    nb = source_notebook(chapter_id)
    exercise = exercise_of(nb, answer_id)
    mistakes = [w.as_dict() for w in KNOWN_WRONG if w.chapter_id == chapter_id and w.answer_id == answer_id]
    wrong = next(m["code"] for m in mistakes if m["name"] == name)
    process = chapter_process(chapter_id)
    student = process.rehearse(nb, {answer_id: wrong}, cwd=chapter_folder(chapter_id), record=exercise.test_ids)
    runs = process.call("grader.judge.catalogue:compute_for", nb, chapter_folder(chapter_id), list(exercise.test_ids),
                        mistakes, str(kernel_libraries()[chapter_id]))
    correct = runs.pop(CORRECT)
    withheld = [case.label for transcript in correct.values() for case in transcript if case.outcome == "Withheld"]
    assert not withheld, f"the correct answer's diagnosis run raised Withheld: {withheld[:3]}"
    found = diagnose(student.transcripts, runs, correct)
    assert found is not None and found.name == name, found
