"""Each chapter through the real grading pipeline (nbgrader, the sandboxed kernel, the judge): the
solution earns full marks, the untouched release none, and a notebook carrying one known-wrong
implementation per exercise loses every exercise."""

import shutil

import nbformat
import pytest
from support.in_process import answered_release

from grader.course.model import exercises
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

from .chapters import CHAPTERS, KNOWN_WRONG, source_notebook

pytestmark = pytest.mark.slow


def _submit(root, student: str, chapter, nb) -> None:
    folder = root / student / chapter.chapter_id
    folder.mkdir(parents=True)
    for extra in chapter.extra_files:
        shutil.copy2(extra, folder / extra.name)
    nbformat.write(nb, folder / chapter.notebook_name)


#: make test sends chapter 10 (real torch extended, torch.func) through nbgrader here; chapters 0
#: and 7 go through it in the example, hostile and report classes; every chapter is graded
#: in-process by test_known_wrong, and make test-all sends every chapter through nbgrader here.
QUICK_CHAPTERS = {"10_extending_pytorch"}


@pytest.mark.parametrize("chapter", [
    c if c.chapter_id in QUICK_CHAPTERS else pytest.param(c, marks=pytest.mark.exhaustive) for c in CHAPTERS],
    ids=lambda c: c.chapter_id)
def test_chapter_grades_as_expected_through_nbgrader(chapter, tmp_path, assignments_dir, course_dir):
    release = nbformat.read(assignments_dir / chapter.chapter_id / chapter.notebook_name, 4)
    source = source_notebook(chapter.chapter_id)
    first_wrong_per_exercise = {}
    for wrong in KNOWN_WRONG:
        if wrong.chapter_id == chapter.chapter_id:
            first_wrong_per_exercise.setdefault(wrong.answer_id, wrong.code)
    root = tmp_path / "submissions"
    _submit(root, "perfect", chapter, answered_release(release, source))
    _submit(root, "untouched", chapter, release)
    _submit(root, "all_wrong", chapter, answered_release(release, source, first_wrong_per_exercise))
    settings = GradingSettings(jobs=1, cell_timeout=60, diagnose=False)
    results = autograde(root, tmp_path / "out", course_dir, settings, [chapter.chapter_id], log=lambda *a: None)
    scores = {r.student_id: {e.exercise: (e.score, e.max_score) for e in r.exercises} for r in results}
    held = {r.student_id: r.reasons for r in results if any("guard refused" in why for why in r.reasons)}
    assert not held, f"the runtime guard held an honest or merely wrong notebook: {held}"

    perfect = scores["perfect"]
    assert set(perfect) == {e.name for e in exercises(source)}, "the gradebook lost exercises"
    assert all(e == p for e, p in perfect.values()), f"the solution loses points: {perfect}"
    assert all(e == 0 for e, _ in scores["untouched"].values()), (
        f"the untouched release earns points: {scores['untouched']}"
    )
    wrong = scores["all_wrong"]
    assert all(e < p for e, p in wrong.values()), f"a known-wrong implementation keeps full marks: {wrong}"
