"""A run killed with SIGKILL resumes without losing a grade; a resubmission is regraded and the
old result kept in the history."""

import json
import os
import signal
import subprocess
import sys
import time

import nbformat
import pytest
from support.classes import CHAPTER, base, write_class

from grader.course.nbgrader_setup import ensure_tools_on_path
from grader.paths import COURSE_DIR, REPO_ROOT
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]


def _results(out):
    return {p.parent.parent.name: json.loads(p.read_text()) for p in (out / "jobs").glob("*/*/result.json")}


def test_sigkilled_run_resumes_and_a_resubmission_is_regraded(tmp_path):
    perfect = base("perfect")
    submissions = write_class(tmp_path / "subs", {s: perfect for s in ("ann", "bob", "cyd")})
    out = tmp_path / "out"
    ensure_tools_on_path()
    run = subprocess.Popen(
        [sys.executable, "-m", "grader", "autograde", str(submissions), "--out", str(out),
         "--jobs", "1", "--cell-timeout", "30"],
        cwd=REPO_ROOT, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while not _results(out) and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.5)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    first = _results(out)
    assert 1 <= len(first) < 3, "the run was killed after its first result"

    settings = GradingSettings(jobs=2, cell_timeout=30)
    lines = []
    results = {r.student_id: r for r in autograde(submissions, out, COURSE_DIR, settings, log=lines.append)}
    assert sorted(results) == ["ann", "bob", "cyd"]
    assert all(r.score == 4 for r in results.values()), results
    for student, kept in first.items():
        assert results[student].seed == kept["seed"], "a finished grade was redone"

    changed = nbformat.read(submissions / "bob" / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    changed.cells.append(nbformat.v4.new_markdown_cell("I changed my mind."))
    nbformat.write(changed, submissions / "bob" / CHAPTER / f"{CHAPTER}.ipynb")
    again = {r.student_id: r for r in autograde(submissions, out, COURSE_DIR, settings, log=lines.append)}
    assert again["bob"].seed != results["bob"].seed, "the resubmission was not regraded"
    assert again["ann"].seed == results["ann"].seed and again["cyd"].seed == results["cyd"].seed
    history = [json.loads(line) for line in (out / "history.jsonl").read_text().splitlines()]
    assert [h["result"]["student_id"] for h in history] == ["bob"]
    assert history[0]["result"]["seed"] == results["bob"].seed
