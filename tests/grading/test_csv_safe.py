"""No CSV the grader writes can start a spreadsheet formula, and numbers stay numbers."""

import csv

import pytest

from grader import csv_safe
from grader.gradebook import run_exports as exports
from grader.records.jobs import ExerciseScore, JobResult, Status


@pytest.mark.parametrize("text", ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK(\"http://x\")"])
def test_text_that_would_be_a_formula_is_quoted(text):
    assert csv_safe.safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["-0.5", "+3", "1e-3", "-1.5E+02", ".5", "0", "alice", "", 7, -0.5, None])
def test_numbers_and_plain_text_are_left_as_they_are(value):
    assert csv_safe.safe_cell(value) == value


def test_status_and_exercise_csvs_neutralise_every_text_cell(tmp_path):
    result = JobResult("=alice", "00_x", "f", "c", 4.0, Status.MALFORMED, -0.5,
                       reasons=["=x.ipynb: the notebook is not valid JSON", "@ok"],
                       exercises=[ExerciseScore("+nb", "-ex", -0.5, 4.0)])
    exports.write_status([result], tmp_path / "status.csv")
    exports.write_exercise_scores([result], tmp_path / "scores.csv")
    for name in ("status.csv", "scores.csv"):
        with open(tmp_path / name, newline="") as handle:
            cells = [c for row in csv.reader(handle) for c in row]
        assert not [c for c in cells if c.startswith(csv_safe.TRIGGERS) and not csv_safe.NUMBER.match(c)], cells
        assert "-0.5" in cells  # the score stays a number


def test_a_csv_written_elsewhere_is_neutralised_in_place(tmp_path):
    path = tmp_path / "grades.csv"
    path.write_text("student_id,score,late_penalty\n=cmd,3,-0.5\n")
    csv_safe.neutralise_file(path)
    assert path.read_text().splitlines() == ["student_id,score,late_penalty", "'=cmd,3,-0.5"]
