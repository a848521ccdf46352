"""Hostile notebooks of chapter 4 (broadcasting, reductions, transposes, products): fixtures_04/.

Chapter 4's kernel keeps the library's ``unbroadcast`` and the backward of ``Sum``, ``Transpose``,
``Permute`` and ``MatMul`` (every op's backward runs them); while each exercise is judged they run
the student's own answer (``grader.course.kernel_library.STAND_IN``). The fixtures are graded
through the real pipeline (sandboxed where bubblewrap works): with the static check, in warm
kernels, and without it, in cold ones; the stand-in alone takes their points away.
"""

import pytest
from support.classes import (
    FIXTURES_BY_CHAPTER,
    check_expectation,
    fixtures,
    grade_hostile_class,
    grade_without_static_check,
)

from grader.records.settings import GradingSettings

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]

SHAPES_CHAPTER = "04_shapes"
FIXTURES = fixtures(FIXTURES_BY_CHAPTER[SHAPES_CHAPTER])


def _settings(kernels: str) -> GradingSettings:
    return GradingSettings(jobs=1, cell_timeout=30, notebook_timeout=240, memory_mb=1500, diagnose=False,
                           kernels=kernels)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    return grade_hostile_class(tmp_path_factory.mktemp("hostile_shapes"), FIXTURES, _settings("warm"), SHAPES_CHAPTER)


@pytest.fixture(scope="module")
def graded_without_static_check(tmp_path_factory):
    return grade_without_static_check(tmp_path_factory.mktemp("hostile_shapes_bare"), FIXTURES, _settings("cold"),
                                      SHAPES_CHAPTER)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_hostile_notebook_of_chapter_4_is_graded_as_expected(graded, name):
    check_expectation(graded, name, FIXTURES[name].EXPECT, SHAPES_CHAPTER)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_hostile_notebook_of_chapter_4_earns_nothing_without_the_static_check(graded_without_static_check, name):
    result = graded_without_static_check["results"][name]
    why = f"{name}: {result.status} {result.score} {result.reasons} {result.messages}"
    assert result.status.ran, why
    assert not any("scores 0: cell" in r or "held for review with 0 points: cell" in r for r in result.reasons), (
        f"the static check was meant to be off: {why}")
    assert result.exercises and all(e.score == 0 for e in result.exercises), why
