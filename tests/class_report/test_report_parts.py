"""The class report's parts on their own, without grading anything: message grouping, pictures,
escaping."""

from __future__ import annotations

import base64
from collections import Counter
from pathlib import Path

import pytest

from grader.class_report import plots
from grader.class_report.read_run import ClassData, ExerciseInfo, Submission
from grader.class_report.render import render
from grader.class_report.stats import AssignmentSummary, exercise_stats, summarise
from grader.judge.messages import group_messages, normalise


@pytest.mark.parametrize("first, second", [
    ("grad of weight differs from torch at index (2, 1): 0.31 vs 0.29",
     "grad of weight differs from torch at index (0, 3): -1.5e-03 vs 7"),
    ("AssertionError: grad of bias against torch (N=2, in=1, out=6, requires_grad=(True, True, True), "
     "bias=yes) is wrong at index (1,): got -1.15105109, expected 2.3 (rtol=1e-06, atol=1e-07)",
     "AssertionError: grad of bias against torch (N=5, in=3, out=1, requires_grad=(True, False, True), "
     "bias=yes) is wrong at index (0,): got 0.5, expected 0.25 (rtol=1e-06, atol=1e-07)"),
    ("RuntimeError: mat1 and mat2 shapes cannot be multiplied (1x3 and 2x3)",
     "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x5 and 4x5)"),
    ("AssertionError: local_gradients('sub') w.r.t. input 1 at inputs [-1.703, -0.917] is wrong",
     "AssertionError: local_gradients('sub') w.r.t. input 0 at inputs [0.2, 3] is wrong"),
    ("GradcheckError: Jacobian mismatch for output 0 with respect to input 2,\nnumerical:tensor([[1.0",
     "GradcheckError: Jacobian mismatch for output 0 with respect to input 1,\nnumerical:tensor([[0.5"),
])
def test_same_mistake_with_other_values_normalises_to_one_message(first, second):
    assert normalise(first) == normalise(second)


@pytest.mark.parametrize("first, second", [
    ("grad of weight differs from torch at index (2, 1): 0.31 vs 0.29",
     "grad of bias differs from torch at index (2,): 0.31 vs 0.29"),
    ("function LinearFunctionBackward returned an incorrect number of gradients (expected 3, got 2)",
     "IndexError: tuple index out of range"),
])
def test_different_mistakes_stay_apart(first, second):
    assert normalise(first) != normalise(second)


def test_names_with_digits_are_kept():
    assert normalise("x must be float64, not float32; see log10 and mat1") == \
        "x must be float64, not float32; see log10 and mat1"


def test_groups_count_students_once_most_frequent_first():
    groups = group_messages([
        ("ann", "got 1 expected 2"), ("ann", "got 3 expected 4"), ("bob", "got 5 expected 6"),
        ("cid", "IndexError: tuple index out of range"),
    ])
    assert [(g.pattern, g.count) for g in groups] == [
        ("got <n> expected <n>", 2), ("IndexError: tuple index out of range", 1)]
    assert groups[0].students == ["ann", "bob"]


def _class(students: dict[str, tuple[str, float, dict]]) -> ClassData:
    """A hand-made class of one assignment with one exercise (two points, one test cell)."""
    exercise = ExerciseInfo("00_a", "00_a", "ex", ("ans",), ("ans_tests",), 2.0)
    subs = {}
    for student, (status, score, messages) in students.items():
        subs[(student, "00_a")] = Submission(
            student, "00_a", status, score, 2.0, reasons=[f"because <{student}>"],
            exercise_scores={exercise.key: score}, cell_scores={"00_a/ans_tests": (score, 2.0)},
            messages=messages, feedback=[f"feedback/{student}/00_a/00_a.html"])
    return ClassData(Path("."), ["00_a"], {"00_a": [exercise]}, sorted(students), subs)


def test_credit_shares_and_failures_of_an_exercise():
    data = _class({"a": ("graded", 2.0, {}), "b": ("graded", 1.0, {"00_a/ans_tests": "got 1"}),
                   "c": ("graded", 0.0, {"00_a/ans_tests": "got 7"}), "d": ("missing", 0.0, {}),
                   "e": ("flagged", 0.0, {})})
    row = exercise_stats(data, data.exercises["00_a"][0])
    assert (row.students, row.full, row.partial, row.none) == (5, 1, 1, 3)
    assert [(g.pattern, g.students) for g in row.groups] == [
        ("got <n>", ["b", "c"]),
        ("(no error message: the test did not run to its end; status flagged)", ["e"])]
    summary = summarise(data, "00_a")
    assert summary.scores == [0.0, 0.0, 1.0, 2.0] and summary.statuses == Counter(
        {"graded": 3, "missing": 1, "flagged": 1})


def test_everything_a_student_wrote_is_escaped():
    evil = "<script>alert(1)</script>"
    data = _class({"x<b>": ("flagged", 0.0, {"00_a/ans_tests": f"AssertionError: {evil}"}),
                   "ok": ("graded", 2.0, {})})
    summaries = [summarise(data, "00_a")]
    html = render(data, summaries, {"00_a": [exercise_stats(data, data.exercises["00_a"][0])]})
    assert evil not in html and "x<b>" not in html and "<x" not in html
    assert "&lt;script&gt;alert(" in html and "x&lt;b&gt;" in html
    assert 'href="feedback/x%3Cb%3E/00_a/00_a.html"' in html


@pytest.mark.parametrize("scores, top", [([], 4.0), ([4.0], 4.0), ([0, 1.5, 3, 3, 4], 4.0),
                                         ([10.0, 55.5, 80.0], 80.0)])
def test_histogram_is_a_png_for_any_class(scores, top):
    uri = plots.score_histogram(AssignmentSummary("00_a", top, len(scores), Counter(), sorted(scores)))
    assert uri.startswith("data:image/png;base64,")
    assert base64.b64decode(uri.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"


def test_attention_puts_problems_first_and_one_row_per_chapter_for_students_who_sent_nothing():
    """A class where each student did some chapters: the missing ones must not bury the crash."""
    from grader.class_report.render import attention_section

    students = {f"s{i}": ("missing", 0.0, {}) for i in range(30)}
    students["crash"] = ("crashed", 0.0, {})
    data = _class(students)
    data.not_placed = [{"path": "=evil.ipynb", "student_id": "", "note": "not placed: <no chapter>"}]
    html = attention_section(data)
    assert html.count("<tr>") == 1 + 2 + 2  # two headers; the crash; one row for the 30 missing; one file
    assert html.index("<td>crash</td>") < html.index("30 students")
    assert "=evil.ipynb" in html and "&lt;no chapter&gt;" in html
