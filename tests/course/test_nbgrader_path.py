"""Each chapter through real nbgrader: the solution earns full marks, the untouched release none,
and a notebook carrying one known-wrong implementation per exercise loses every exercise."""

import shutil

import nbformat
import pytest

from grader.course.model import exercises
from grader.grading.gradebook import exercise_scores, read_scores
from grader.course.nbgrader_setup import NbgraderCourse
from support.in_process import answered_release

from .chapters import CHAPTERS, KNOWN_WRONG, source_notebook

pytestmark = pytest.mark.slow


def _submit(course: NbgraderCourse, student: str, chapter, nb) -> None:
    folder = course.submitted_dir(student, chapter.chapter_id)
    folder.mkdir(parents=True)
    for extra in chapter.extra_files:
        shutil.copy2(extra, folder / extra.name)
    nbformat.write(nb, folder / chapter.notebook_name)


def _exercise_scores(course: NbgraderCourse, chapter, student: str) -> dict[str, tuple[float, float]]:
    """(earned, possible) per exercise, read from the gradebook as the grader reads it."""
    cells = read_scores(course.config.CourseDirectory.db_url, chapter.chapter_id, student)["cells"]
    rows = exercise_scores(course.source_dir(chapter.chapter_id), cells)
    return {row["exercise"]: (row["score"], row["max_score"]) for row in rows}


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.chapter_id)
def test_chapter_grades_as_expected_through_nbgrader(chapter, tmp_path):
    course = NbgraderCourse(tmp_path / "course")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = source_notebook(chapter.chapter_id)

    first_wrong_per_exercise = {}
    for wrong in KNOWN_WRONG:
        if wrong.chapter_id == chapter.chapter_id:
            first_wrong_per_exercise.setdefault(wrong.answer_id, wrong.code)
    _submit(course, "perfect", chapter, answered_release(release, source))
    _submit(course, "untouched", chapter, release)
    _submit(course, "all_wrong", chapter, answered_release(release, source, first_wrong_per_exercise))

    for student in ("perfect", "untouched", "all_wrong"):
        result = course.api.autograde(chapter.chapter_id, student)
        assert result["success"], result.get("error") or result.get("log")

    perfect = _exercise_scores(course, chapter, "perfect")
    assert set(perfect) == {e.name for e in exercises(source)}, "the gradebook lost exercises"
    assert all(e == p for e, p in perfect.values()), f"the solution loses points: {perfect}"
    untouched = _exercise_scores(course, chapter, "untouched")
    assert all(e == 0 for e, _ in untouched.values()), f"the untouched release earns points: {untouched}"
    wrong = _exercise_scores(course, chapter, "all_wrong")
    assert all(e < p for e, p in wrong.values()), f"a known-wrong implementation keeps full marks: {wrong}"
