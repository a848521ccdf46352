"""Hostile notebooks (one fixture each in fixtures/) cannot earn points they do not deserve.

The whole hostile class is graded once, through real nbgrader and the sandbox when bubblewrap
works here (as root in CI: the kernel runs as nobody); each fixture's expectation is then checked
on its own. Tricks on wrong answers earn what the answers deserve: nothing. The class gradebook,
every other student's result and the host survive.
"""

import csv
import json

import nbformat
import pytest
from support.classes import CHAPTER, check_expectation, fixtures, grade_hostile_class

from grader.records.jobs import job_dir
from grader.records.settings import GradingSettings

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]

FIXTURES = fixtures()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    settings = GradingSettings(jobs=2, cell_timeout=5, notebook_timeout=120, memory_mb=700, diagnose=False,
                               output_bytes=200_000)
    return grade_hostile_class(tmp_path_factory.mktemp("hostile"), FIXTURES, settings)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_hostile_notebook_is_graded_as_expected(graded, name):
    check_expectation(graded, name, FIXTURES[name].EXPECT)


def test_flagged_reasons_reach_the_feedback(graded):
    page = graded["out"] / "feedback" / "np_allclose_redefined" / CHAPTER / f"{CHAPTER}.html"
    assert "replaces numpy.allclose" in page.read_text()


def test_the_class_gradebook_and_every_grade_survive(graded):
    """The symlink trap pointed at the gradebook; grades.csv still has every student's row."""
    with open(graded["out"] / "grades.csv") as handle:
        rows = {r["student_id"]: float(r["score"]) for r in csv.DictReader(handle)}
    assert set(rows) == set(FIXTURES)
    assert all(rows[s] == r.score for s, r in graded["results"].items())
    assert not (graded["out"] / "snooped").exists(), "a kernel wrote into OUT"


def _snooped(out) -> dict:
    graded_nb = job_dir(out, "snoop", CHAPTER) / "course" / "autograded" / "snoop" / CHAPTER / f"{CHAPTER}.ipynb"
    for cell in nbformat.read(graded_nb, as_version=4).cells:
        for output in cell.get("outputs", []):
            text = output.get("text", "")
            if "SNOOP " in text:
                return json.loads(text.split("SNOOP ", 1)[1].splitlines()[0])
    raise AssertionError("the snoop cell printed nothing")


def test_sandbox_holds_as_root(graded):
    result = graded["results"]["snoop"]
    if not result.sandboxed:
        pytest.skip("bubblewrap is not available here: grading runs unsandboxed")
    seen = _snooped(graded["out"])
    assert seen.pop("uid") == 65534, "the kernel does not run as nobody"
    assert len(seen.pop("pids")) <= 3, "the kernel sees host processes"
    assert all(v != "allowed" for k, v in seen.items() if k != "write into OUT"), seen
