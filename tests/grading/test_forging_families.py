"""The forging families of issue 23 earn nothing even when the static check finds nothing.

Six notebooks of chapter 7 that earned 7/7 (or 6.75/7) with absent answers (``fixtures_07/``, the
ones with a ``FAMILY``) are graded through the real pipeline, sandboxed, with the static check switched off:
its step reports no finding and zeroes nothing. They still score 0, because the kernel imports the
chapter's kernel library, which holds no LinearFunction and no linear that compute anything
(``grader.course.kernel_library``); where the runtime guard saw something, the notebook is also
held for review. ``test_hostile_linear.py`` grades the same notebooks with the static check on.
"""

import pytest
from support.classes import FIXTURES_BY_CHAPTER, LINEAR_CHAPTER, fixtures, grade_without_static_check

from grader.records.settings import GradingSettings

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]

FAMILIES = {name: f for name, f in fixtures(FIXTURES_BY_CHAPTER[LINEAR_CHAPTER]).items() if hasattr(f, "FAMILY")}


@pytest.fixture(scope="module")
def graded_without_static_check(tmp_path_factory):
    settings = GradingSettings(jobs=1, cell_timeout=30, notebook_timeout=240, memory_mb=1500, diagnose=False)
    return grade_without_static_check(tmp_path_factory.mktemp("families"), FAMILIES, settings, LINEAR_CHAPTER)


def test_there_are_the_six_families():
    assert len(FAMILIES) == 6, sorted(FAMILIES)


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_forging_family_earns_nothing_without_the_static_check(graded_without_static_check, name):
    result = graded_without_static_check["results"][name]
    why = f"{name} ({FAMILIES[name].FAMILY}): {result.status} {result.score} {result.reasons} {result.messages}"
    assert result.status.ran, why
    assert not any("scores 0: cell" in r or "held for review with 0 points: cell" in r for r in result.reasons), (
        f"the static check was meant to be off: {why}")
    own = getattr(FAMILIES[name], "OWN_SCORE", 0)  # what the notebook's own code earns, stated by the fixture
    assert result.score <= own, why
    if not own:
        assert all(e.score == 0 for e in result.exercises), why
    assert {e.exercise: e.score for e in result.exercises}.get("linear", 0) == 0, why
