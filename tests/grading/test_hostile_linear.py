"""Hostile notebooks of chapter 7 (autograd objects, torch): one fixture each in fixtures_07/.

The same checks as ``test_hostile.py``, on the chapter whose tests reach autograd_lib and torch
objects in the kernel: a test cell moved, a library class patched to fake a behaviour, references
reached through a variable or a file beside the notebook. Tricks on stubs or wrong answers earn what
the answers deserve; the class gradebook keeps every student's row.
"""

import csv

import pytest
from support.classes import FIXTURES_BY_CHAPTER, LINEAR_CHAPTER, check_expectation, fixtures, grade_hostile_class

from grader.records.settings import GradingSettings

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]

FIXTURES = fixtures(FIXTURES_BY_CHAPTER[LINEAR_CHAPTER])


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    settings = GradingSettings(jobs=2, cell_timeout=30, notebook_timeout=240, memory_mb=1500, diagnose=False,
                               output_bytes=200_000)
    return grade_hostile_class(tmp_path_factory.mktemp("hostile_linear"), FIXTURES, settings, LINEAR_CHAPTER)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_hostile_notebook_is_graded_as_expected(graded, name):
    check_expectation(graded, name, FIXTURES[name].EXPECT, LINEAR_CHAPTER)


def test_the_class_gradebook_keeps_every_row(graded):
    with open(graded["out"] / "grades.csv") as handle:
        rows = {r["student_id"]: float(r["score"]) for r in csv.DictReader(handle)}
    assert set(rows) == set(FIXTURES)
    assert all(rows[s] == r.score for s, r in graded["results"].items())
