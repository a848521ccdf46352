"""``write_similarity`` on an OUT folder as a run leaves it (generated, nothing graded): the CSV, the
JSON the report reads, the report's section, and the hosted course's way in."""

import csv
import json
import shutil

import pytest

from grader.class_report import similar_work
from grader.similarity import nbgrader_submitted, write_for_run, write_similarity
from grader.similarity.documents import SOLUTION
from grader.similarity.outputs import CSV_FIELDS

from .evaluation import load_frozen
from .generated import write_fake_run

CHAPTER = "07_linear_function"


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    """The frozen class of chapter 7, written as a run leaves it, and compared."""
    labelled = load_frozen(CHAPTER)
    folder = write_fake_run(labelled.assignment, CHAPTER, tmp_path_factory.mktemp("similar") / "out")
    write_similarity(folder)
    return folder


def read_rows(out):
    with open(out / "similarity.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_the_csv_lists_the_copies_first_with_what_they_share(out):
    rows = read_rows(out)
    assert list(rows[0]) == CSV_FIELDS
    scores = [float(r["score"]) for r in rows]
    assert scores == sorted(scores, reverse=True)
    top = {(r["exercise"], frozenset({r["student_a"], r["student_b"]})) for r in rows if float(r["score"]) >= 0.99}
    assert ("linear_function", frozenset({"w", "n1"})) in top and ("whole notebook", frozenset({"w", "n1"})) in top
    copy = next(r for r in rows if {r["student_a"], r["student_b"]} == {"w", "n1"})
    assert copy["above_threshold"] == "yes" and int(copy["shared_lines_a"]) > 5 and copy["shared"]
    assert int(copy["shared_lines_a"]) <= int(copy["lines_a"])


def test_every_exercise_lists_its_top_pairs_and_those_above_the_threshold(out):
    rows = read_rows(out)
    for exercise in {r["exercise"] for r in rows}:
        mine = [r for r in rows if r["exercise"] == exercise]
        below = [r for r in mine if r["above_threshold"] == "no"]
        assert len(below) <= 5 and all(int(r["rank"]) <= 5 for r in below)
    assert not [r for r in rows if r["exercise"] == "linear"]  # a short exercise is not compared on its own


def test_the_published_solution_is_always_student_b(out):
    rows = read_rows(out)
    assert any(r["student_b"] == SOLUTION for r in rows)
    assert all(r["student_a"] != SOLUTION for r in rows)


def test_the_report_section_has_every_pair_side_by_side(out):
    data = json.loads((out / "similarity.json").read_text())
    html = similar_work.section(out, {("w", CHAPTER): "feedback/w/x.html"})
    assert "A high score is a reason to look, not evidence." in html
    for row in read_rows(out):
        assert f"id='{row['link'].split('#')[1]}'" in html
    assert html.count("<mark>") > 10
    assert "href='feedback/w/x.html'" in html
    assert data["short"]["exercises"][CHAPTER] == ["linear"]


def test_student_code_is_escaped_in_the_report(tmp_path):
    labelled = load_frozen(CHAPTER)
    text = "<script>alert('x')</script>\nprint('<b>')\n"
    labelled.assignment.students = {"a": [("added after linear", text * 3)], "b": [("added after linear", text * 3)]}
    folder = write_fake_run(labelled.assignment, CHAPTER, tmp_path / "out")
    write_similarity(folder)
    html = similar_work.section(folder)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_nothing_is_written_under_feedback(out):
    assert not (out / "feedback").exists()


def test_the_hosted_course_passes_the_attempts_that_count(out, tmp_path):
    """The service keeps what counts in nbgrader's layout: <root>/<student>/<assignment>/*.ipynb."""
    root = tmp_path / "submitted"
    for student in ("w", "n1", "u1"):
        source = out / "jobs" / student / CHAPTER / "course" / "submitted" / student / CHAPTER
        shutil.copytree(source, root / student / CHAPTER)
    submitted = nbgrader_submitted(root)
    assert set(submitted) == {(s, CHAPTER) for s in ("w", "n1", "u1")}
    target = tmp_path / "service-out"
    shutil.copytree(out / "template", target / "template")
    write_similarity(target, submitted=submitted)
    students = {r["student_a"] for r in read_rows(target)} | {r["student_b"] for r in read_rows(target)}
    assert students <= {"w", "n1", "u1", SOLUTION} and {"w", "n1"} <= students


def test_a_failure_is_logged_and_never_stops_the_run(tmp_path):
    said = []
    (tmp_path / "jobs").mkdir()
    (tmp_path / "similarity.csv").mkdir()  # cannot be written as a file
    write_for_run(tmp_path, log=said.append)
    assert said and said[0].startswith("warning: the similarity report could not be written")


def test_an_unchanged_class_is_not_compared_again_and_a_changed_one_is(tmp_path, monkeypatch):
    import grader.similarity as similarity

    labelled = load_frozen(CHAPTER)
    folder = write_fake_run(labelled.assignment, CHAPTER, tmp_path / "out")
    write_similarity(folder)
    before = (folder / "similarity.csv").read_bytes()
    calls = []
    real = similarity.compare_class
    monkeypatch.setattr(similarity, "compare_class", lambda *a, **k: calls.append(a) or real(*a, **k))
    write_similarity(folder)
    assert not calls and (folder / "similarity.csv").read_bytes() == before
    notebook = next((folder / "jobs" / "u1").rglob("*.ipynb"))
    notebook.write_text(notebook.read_text().replace("grad_output", "g_out"))
    write_similarity(folder)
    assert len(calls) == 1


def test_a_notebook_that_is_a_link_is_not_read(tmp_path):
    from grader.similarity.documents import student_cells

    real = tmp_path / "elsewhere.ipynb"
    real.write_text('{"cells": [{"cell_type": "code", "source": "x = 1", "metadata": {}}]}')
    link = tmp_path / "07_linear_function.ipynb"
    link.symlink_to(real)
    assert student_cells(real, frozenset()) and student_cells(link, frozenset()) == []
