"""A kernel that cannot even start (here: a sandbox command that exits at once) is the machine's
failure, not the student's: the notebook is retried cold, then recorded as 'not graded' with the
cause (no points, graded by the next run), never scored as passed or as 0."""

import pytest
from support.classes import base, write_class

from grader.paths import COURSE_DIR
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde
from grader.sandbox import policy

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]


def test_kernel_that_never_starts_is_not_graded_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(policy, "find_bwrap", lambda: "/bin/false")  # the run chooses it (choose_sandbox)
    submissions = write_class(tmp_path / "subs", {"ann": base("perfect")})
    settings = GradingSettings(jobs=1, cell_timeout=20, sandbox="on")
    [result] = autograde(submissions, tmp_path / "out", COURSE_DIR, settings, log=lambda *a: None)
    assert result.status == "not graded" and not result.score, (result.status, result.score, result.reasons)
    assert any("could not start the kernel" in r for r in result.reasons), result.reasons
