"""A real class run (the bundled example class, through ``python -m grader autograde``) ends with
``similarity.csv`` and the report's similar-work section, and nothing of it reaches a student."""

import csv
import re

import pytest

from grader.cli import main
from grader.similarity.documents import SOLUTION
from grader.similarity.outputs import CSV_FIELDS

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]


@pytest.fixture(scope="module")
def run(graded_example_class):
    return graded_example_class["out"]


def rows(out):
    with open(out / "similarity.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_class_run_writes_the_similarity_csv_most_alike_first(run):
    found = rows(run)
    with open(run / "similarity.csv", newline="") as handle:
        assert next(csv.reader(handle)) == CSV_FIELDS
    scores = [float(r["score"]) for r in found]
    assert scores == sorted(scores, reverse=True)
    # perfect holds the published solution: the pair is found, and the solution is always student_b
    match = [r for r in found if r["student_a"] == "perfect" and r["student_b"] == SOLUTION
             and r["exercise"] == "numerical_gradient"]
    assert match and float(match[0]["score"]) == 1.0 and match[0]["above_threshold"] == "yes"
    assert all(r["student_a"] != SOLUTION for r in found)


def test_students_who_wrote_nothing_are_in_no_pair(run):
    """untouched handed in the release; blanker the release and an added cell of its own; malformed
    and absent have nothing to compare."""
    named = {r["student_a"] for r in rows(run)} | {r["student_b"] for r in rows(run)}
    assert not named & {"untouched", "blanker", "malformed", "absent"}


def test_the_report_shows_every_listed_pair_side_by_side_with_the_notice(run):
    page = (run / "report.html").read_text()
    assert "<h2 id='similar'>Similar work</h2>" in page
    assert "A high score is a reason to look, not evidence." in page
    assert "Not compared on their own" in page and "forward_difference" in page
    for row in rows(run):
        anchor = row["link"].split("#", 1)[1]
        assert f"id='{anchor}'" in page, f"{row['link']} has no pair in the report"
    assert "<mark>" in page


def test_nothing_of_the_comparison_reaches_feedback(run):
    pages = list((run / "feedback").rglob("*.html"))
    assert pages
    for page in pages:
        text = page.read_text()
        assert "similar-" not in text and "Similar work" not in text and SOLUTION not in text, page


def test_grader_similarity_redoes_the_same_comparison(run, capsys):
    before = (run / "similarity.csv").read_bytes()
    assert main(["similarity", str(run)]) == 0
    assert (run / "similarity.csv").read_bytes() == before
    assert re.search(r"similarity\.csv", capsys.readouterr().out)


def test_any_pair_can_be_shown_and_nothing_is_written(run, capsys):
    before = (run / "similarity.csv").read_bytes()
    assert main(["similarity", str(run), "--pair", "perfect", "hung"]) == 0
    shown = capsys.readouterr().out
    assert re.search(r"00_finite_differences / numerical_gradient: score \d\.\d{3}", shown), shown
    assert "whole notebook" in shown and "ranking" in shown
    assert (run / "similarity.csv").read_bytes() == before
    assert main(["similarity", str(run), "--pair", "perfect", "nobody"]) == 0
    assert "no graded notebook of nobody" in capsys.readouterr().out
    assert main(["similarity", str(run), "--pair", "perfect", "perfect"]) == 0
    assert "two different students" in capsys.readouterr().out
