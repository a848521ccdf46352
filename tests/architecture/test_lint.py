"""``make lint`` stays clean: the same ruff check, run by ``make test``, so a long line or an
unsorted import is found by the change that brings it, not by the next reader."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ["autograd_lib", "grader", "tests", "benchmarks", "deploy"]  # the Makefile's lint target


def test_the_makefiles_lint_target_checks_these_folders():
    makefile = (ROOT / "Makefile").read_text()
    assert f"ruff check {' '.join(CHECKED)}" in makefile


def test_ruff_finds_nothing():
    ruff = Path(sys.executable).with_name("ruff")
    run = subprocess.run([str(ruff), "check", "--output-format", "concise", *CHECKED], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
