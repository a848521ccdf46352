"""A kernel that cannot even start (here: a sandbox command that exits at once) leaves no test
cell without output, which nbgrader would score as passed: every cell gets a 'not run' error."""

import pytest
from support.classes import base, write_class

from grader.grading import runner
from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings
from grader.paths import COURSE_DIR

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]


def test_kernel_that_never_starts_scores_zero_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "find_bwrap", lambda: "/bin/false")
    submissions = write_class(tmp_path / "subs", {"ann": base("perfect")})
    settings = GradingSettings(jobs=1, cell_timeout=20, sandbox="on")
    [result] = autograde(submissions, tmp_path / "out", COURSE_DIR, settings, log=lambda *a: None)
    assert (result.score, result.status) == (0, "crashed"), result.reasons
    assert any("could not run the notebook" in r or "kernel died" in r for r in result.reasons)
