"""The README's instructor commands, run as written: the demo's table, the exports of the demo's
class with the example roster, and test students made with ``make_examples``."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import sys

import pytest

from grader.gradebook.run_exports import grade_table
from grader.intake.notebook_check import check_notebook
from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]
README = (REPO_ROOT / "README.md").read_text()
CHAPTER = "00_finite_differences"


def _commands(start: str) -> list[str]:
    """The README's indented command lines that begin with ``start`` (comments cut)."""
    lines = [line.strip().split("  #")[0].strip() for line in README.splitlines() if line.startswith("    ")]
    return [line for line in lines if line.startswith(start)]


def _run(line: str, **replace) -> subprocess.CompletedProcess:
    for old, new in {".venv/bin/python": sys.executable, **replace}.items():
        line = line.replace(old, str(new))
    return subprocess.run(line.split(), cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)


def test_the_demo_prints_the_readmes_table(graded_example_class):
    """The table under "make demo ... prints the grade table:" is what the run logs (the fixture
    grades with a 10 s cell limit where make demo says 5 s)."""
    assert "--cell-timeout 5" in (REPO_ROOT / "Makefile").read_text()
    block = README.split("prints the grade table:\n\n", 1)[1].split("\n\n", 1)[0]
    readme_table = "\n".join(line[4:] for line in block.splitlines())
    printed = grade_table(list(graded_example_class["results"].values()))
    assert printed.replace("the 10 s cell time limit", "the 5 s cell time limit") == readme_table


@pytest.fixture
def demo_out(graded_example_class, tmp_path):
    """A copy of the graded class where ``build/demo`` would be (the export writes into it)."""
    out = tmp_path / "demo"
    shutil.copytree(graded_example_class["out"], out)
    return out


def test_the_readmes_demo_exports_run_as_written(demo_out):
    lines = _commands(".venv/bin/python -m grader export build/demo")
    assert {"--lms canvas", "--lms moodle"} <= {m.group(0) for line in lines for m in [re.search(r"--lms \w+", line)]}
    for line in lines:
        run = _run(line, **{"build/demo": demo_out})
        assert run.returncode == 0, (line, run.stdout, run.stderr)
    with open(demo_out / "grades-canvas.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    scores = {row[3]: row[-1] for row in rows[2:]}  # SIS Login ID -> the chapter's score
    assert scores == {"perfect": "4", "partial": "2", "untouched": "0", "hung": "", "malformed": "",
                      "blanker": "", "absent": ""}
    with open(demo_out / "grades-moodle.csv", newline="") as handle:
        moodle = dict(list(csv.reader(handle))[1:])
    assert moodle["perfect@example.edu"] == "4" and moodle["partial@example.edu"] == "2"


def test_the_instructors_export_line_needs_only_what_the_roster_gives(demo_out):
    """``export OUT --lms canvas --roster roster.csv`` with the example roster: every student has
    an id; what stops it is only the notebooks not graded yet, as the README says."""
    [line] = _commands(".venv/bin/python -m grader export OUT")
    roster = REPO_ROOT / "grader" / "examples" / "roster.csv"
    for lms in ("canvas", "moodle"):
        run = _run(line.replace("--lms canvas", f"--lms {lms}"), OUT=demo_out, **{"roster.csv": roster})
        problems = [p for p in run.stdout.splitlines() + run.stderr.splitlines() if p.startswith("problem: ")]
        assert run.returncode == 1 and len(problems) == 3, (lms, run.stdout, run.stderr)
        assert all("not graded yet" in p for p in problems), problems


def test_the_readmes_test_students_are_made_as_it_says(tmp_path):
    [line] = _commands(".venv/bin/python -m grader.examples.make_examples")
    chapter = line.split()[3]
    target = tmp_path / "test-class"
    run = _run(line, **{"build/test-class": target})
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in target.iterdir()) == ["absent", "blanker", "hung", "malformed", "partial",
                                                        "perfect", "untouched"]
    source = ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb"
    for student in ("perfect", "partial", "untouched", "hung", "blanker"):
        assert check_notebook(target / student / chapter / f"{chapter}.ipynb", source) is None, student
    assert "not valid JSON" in check_notebook(target / "malformed" / chapter / f"{chapter}.ipynb", source)
    # an unknown chapter is a usage error that names the built ones
    bad = _run(line.replace(chapter, "99_nothing"), **{"build/test-class": tmp_path / "other"})
    assert bad.returncode == 2 and "no built release" in bad.stderr and CHAPTER in bad.stderr
    assert not (tmp_path / "other").exists()
