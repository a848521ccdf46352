"""The grading service killed with SIGKILL while it grades, and restarted as JupyterHub restarts
it: no attempt is lost, doubled or counted against the wrong student.

The same driver as ``benchmarks/service_load.py`` (which grades for real, 60 attempts), on six
attempts of three students, with the real service in its own process and a stand-in for its
grading pool (``support/stand_in_service.py``: no notebook runs). About 40 s.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from grader.paths import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "benchmarks"))

import service_load  # noqa: E402

STAND_IN = Path(__file__).resolve().parents[1] / "support" / "stand_in_service.py"

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("service")
    figures = service_load.run(root, students=3, attempts=2, minute=4, workers=2, kill_after=0.5,
                               command=[sys.executable, str(STAND_IN)], grading={"sandbox": '"off"'},
                               timeout=180, log=lambda *a: None)
    return service_load.Layout(root), figures


def test_a_service_killed_while_grading_and_restarted_loses_doubles_and_misplaces_nothing(served):
    layout, figures = served
    assert figures.problems == []
    assert figures.kills == 1 and figures.regraded >= 1  # the kill stopped an attempt mid-grade
    assert len(figures.latencies) == 6  # every feedback page released
    assert (layout.course_root / "gradebook.db").exists()


def test_the_checks_find_an_attempt_lost_doubled_or_counted_against_another_student(served):
    """The checks can fail: the ledger and a graded notebook changed behind the service's back."""
    layout, figures = served
    first, second, third = sorted(figures.planned, key=lambda s: s.at)[:3]
    db = sqlite3.connect(layout.state / "service.db")
    with db:
        db.execute("UPDATE attempts SET student = ? WHERE inbound = ?",  # counted against another
                   ("s99", first.inbound))
        db.execute("DELETE FROM attempts WHERE inbound = ?", (second.inbound,))  # lost
        db.execute("INSERT INTO attempts (inbound, folder, student, assignment, received_at, seen_at, content,"
                   " state, secret) SELECT inbound, folder, student, assignment, received_at, seen_at, 'x', state,"
                   " secret FROM attempts WHERE inbound = ?", (third.inbound,))  # doubled
    db.close()
    problems = service_load.check(layout, figures.planned)
    assert any(f"the attempt of s99, not {first.student}" in p for p in problems), problems
    assert any(p.startswith(f"{second.inbound}: 0 attempts") for p in problems), problems
    assert any(p.startswith(f"{third.inbound}: 2 attempts") for p in problems), problems
