"""The bundled example class (``make demo``) grades as the README says, through real nbgrader."""

import csv

import pytest
from support.classes import CHAPTER, tree_digest

from grader.paths import COURSE_DIR, EXAMPLES_DIR
from grader.run.class_run import autograde

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]

EXPECTED = {  # student: (score, status)
    "perfect": (4, "graded"),
    "partial": (2, "graded"),
    "untouched": (0, "graded"),
    "hung": (0, "timed out"),
    "malformed": (0, "malformed"),
    "blanker": (0, "flagged"),
    "absent": (0, "missing"),
}


@pytest.fixture(scope="module")
def demo(graded_example_class):
    return graded_example_class


def test_example_class_has_every_kind_of_student():
    assert sorted(p.name for p in (EXAMPLES_DIR / "submissions").iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("student", sorted(EXPECTED))
def test_example_student_gets_expected_score_and_status(demo, student):
    result = demo["results"][student]
    score, status = EXPECTED[student]
    assert (result.score, result.status) == (score, status), result.reasons
    assert result.max_score == 4
    if status != "graded":
        assert result.reasons, "a student who is not cleanly graded is told why"


def test_grades_csv_is_nbgrader_export_with_a_row_per_student(demo):
    with open(demo["out"] / "grades.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert {"assignment", "student_id", "score", "max_score", "raw_score"} <= set(rows[0])
    assert {r["student_id"]: float(r["score"]) for r in rows} == {s: float(v[0]) for s, v in EXPECTED.items()}
    assert all(r["assignment"] == CHAPTER for r in rows)


def test_status_and_exercise_csvs_have_a_row_each(demo):
    with open(demo["out"] / "status.csv") as handle:
        status = {r["student_id"]: r for r in csv.DictReader(handle)}
    assert {s: r["status"] for s, r in status.items()} == {s: v[1] for s, v in EXPECTED.items()}
    assert all(r["seed"] for r in status.values()), "every graded job records its seed"
    with open(demo["out"] / "scores_by_exercise.csv") as handle:
        rows = [r for r in csv.DictReader(handle) if r["student_id"] == "partial"]
    assert [(r["exercise"], float(r["score"])) for r in rows] == [
        ("forward_difference", 1.0), ("central_difference", 1.0), ("numerical_gradient", 0.0)]


def test_every_student_gets_feedback_without_hidden_tests(demo):
    for student in EXPECTED:
        pages = list((demo["out"] / "feedback" / student / CHAPTER).glob("*.html"))
        assert pages, f"no feedback for {student}"
        text = pages[0].read_text()
        assert "grader-summary" in text
        assert "BEGIN HIDDEN TESTS" not in text and "_tk.rng" not in text


def test_submissions_folder_is_never_modified(demo):
    assert tree_digest(demo["submissions"]) == demo["before"]


def test_second_run_grades_nothing_and_changes_no_grade(demo):
    lines = []
    again = autograde(demo["submissions"], demo["out"], COURSE_DIR, demo["settings"], log=lines.append)
    assert any("7 of 7 already graded" in line for line in lines)
    assert {r.student_id: (r.score, r.seed) for r in again} == {
        s: (r.score, r.seed) for s, r in demo["results"].items()}


