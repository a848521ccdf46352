"""Shared fixtures: the repository's folders, and a headless matplotlib."""

import os
import re

import matplotlib
import pytest

matplotlib.use("Agg")
os.environ.setdefault("PYTHONHASHSEED", "0")

from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR, REPO_ROOT, SOLUTIONS_DIR  # noqa: E402


@pytest.fixture(scope="session")
def repo_root():
    return REPO_ROOT


@pytest.fixture(scope="session")
def course_dir():
    return COURSE_DIR


@pytest.fixture(scope="session")
def assignments_dir():
    return ASSIGNMENTS_DIR


@pytest.fixture(scope="session")
def solutions_dir():
    return SOLUTIONS_DIR


@pytest.fixture(scope="session")
def graded_example_class(tmp_path_factory):
    """The bundled example class graded once per test process, as ``make demo`` grades it but with
    a 10 s cell limit (the demo's 5 s is tight while another class grades on the same cores): the
    demo's tests and the class report's tests read the same run."""
    from support.classes import tree_digest

    from grader.grading.runner import autograde
    from grader.grading.settings import GradingSettings
    from grader.paths import COURSE_DIR, EXAMPLES_DIR

    submissions = EXAMPLES_DIR / "submissions"
    before = tree_digest(submissions)
    out = tmp_path_factory.mktemp("example-class") / "out"
    settings = GradingSettings(jobs=2, cell_timeout=10, notebook_timeout=60)
    results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
    return {"out": out, "results": {r.student_id: r for r in results}, "before": before,
            "settings": settings, "submissions": submissions}


#: A test parametrized by a chapter (its id begins the parameter: ``[06_inplace_and_hooks/...]``).
CHAPTER_PARAMETER = re.compile(r"\[(\d\d_[a-z0-9_]+)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Tests of one chapter that belong to no other group run together, on one worker
    (``--dist loadgroup``): most run the chapter in its rehearsal process
    (``support.in_process``, one kept per worker), which is then started once per chapter
    instead of at every change of chapter (each start imports the chapter's library anew)."""
    for item in items:
        found = CHAPTER_PARAMETER.search(item.name)
        if found and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(f"chapter-{found.group(1)}"))
    items.sort(key=_group_rank)  # (stable: within a group, the collected order)


#: The longest groups, which one worker runs whole, go out first; the many short ones then even
#: out the two workers' ends (collected last, a group of seven minutes left one worker alone).
FIRST_GROUPS = ("nbgrader-hostile", "nbgrader", "browser", "build", "nbgrader-no-torch")


def _group_rank(item) -> int:
    marker = item.get_closest_marker("xdist_group")
    name = (marker.args[0] if marker.args else marker.kwargs.get("name")) if marker else None
    return FIRST_GROUPS.index(name) if name in FIRST_GROUPS else len(FIRST_GROUPS)


def pytest_terminal_summary(terminalreporter):
    """The figures tests record with ``record_property("measurement", text)`` (such as the hosted
    course's seconds from Submit to visible feedback), shown at the end of every run, also under
    xdist, where a worker's prints stay with the worker."""
    lines = [value for reports in terminalreporter.stats.values() for report in reports
             if getattr(report, "when", None) == "call"
             for name, value in getattr(report, "user_properties", ()) if name == "measurement"]
    if lines:
        terminalreporter.section("measurements")
        for line in lines:
            terminalreporter.line(line)
