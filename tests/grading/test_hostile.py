"""Hostile notebooks (one fixture each in fixtures/) cannot fool the grader.

The whole hostile class is graded once, through real nbgrader and the sandbox when bubblewrap
works here; each fixture's expectation is then checked on its own.
"""

import json
import os

import pytest
from grading_classes import CHAPTER, fixture_notebook, fixtures, write_class

from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings
from grader.grading.worker import job_dir
from grader.paths import COURSE_DIR, REPO_ROOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]

FIXTURES = fixtures()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    notebooks = {name: fixture_notebook(f) for name, f in FIXTURES.items()}
    files = {name: getattr(f, "FILES", {}) for name, f in FIXTURES.items()}
    submissions = write_class(root / "submissions", notebooks, files)
    settings = GradingSettings(jobs=2, cell_timeout=20, notebook_timeout=120, memory_mb=700,
                               output_bytes=200_000)
    os.environ["SNOOP_REPO"] = str(REPO_ROOT)
    results = autograde(submissions, root / "out", COURSE_DIR, settings, log=lambda *a: None)
    return {"out": root / "out", "results": {r["student_id"]: r for r in results}}


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_hostile_notebook_is_graded_as_expected(graded, name):
    expect = FIXTURES[name].EXPECT
    result = graded["results"][name]
    why = f"{name}: {result['status']} {result['score']} {result['reasons']}"
    assert result["score"] == expect["score"], why
    assert result["max_score"] == expect.get("max_score", 4), why
    if "status" in expect:
        assert result["status"] == expect["status"], why
    if "reason" in expect:
        assert any(expect["reason"] in r for r in result["reasons"]), why
    for exercise, score in expect.get("exercises", {}).items():
        got = {e["exercise"]: e["score"] for e in result["exercises"]}
        assert got[exercise] == score, why


def test_flagged_reasons_reach_the_feedback(graded):
    page = graded["out"] / "feedback" / "np_allclose_redefined" / CHAPTER / f"{CHAPTER}.html"
    assert "np.allclose was redefined" in page.read_text()


def test_sandbox_hides_course_gradebook_other_students_and_network(graded):
    result = graded["results"]["snoop"]
    if not result["sandboxed"]:
        pytest.skip("bubblewrap is not available here: grading runs unsandboxed")
    workdir = job_dir(graded["out"], "snoop", CHAPTER) / "course" / "autograded" / "snoop" / CHAPTER
    seen = json.loads((workdir / "snoop.json").read_text())
    assert seen and all(v != "allowed" for v in seen.values()), seen
