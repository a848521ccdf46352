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

    from grader.paths import COURSE_DIR, EXAMPLES_DIR
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    submissions = EXAMPLES_DIR / "submissions"
    before = tree_digest(submissions)
    out = tmp_path_factory.mktemp("example-class") / "out"
    settings = GradingSettings(jobs=2, cell_timeout=10, notebook_timeout=60)
    results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
    return {"out": out, "results": {r.student_id: r for r in results}, "before": before,
            "settings": settings, "submissions": submissions}


#: A test parametrized by a chapter (its id begins the parameter: ``[06_inplace_and_hooks/...]``).
CHAPTER_PARAMETER = re.compile(r"\[(?:zh_)?(\d\d_[a-z0-9_]+)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Tests of one chapter that belong to no other group run together, on one worker
    (``--dist loadgroup``): most run the chapter in its rehearsal process
    (``support.in_process``, one kept per worker), which is then started once per chapter
    instead of at every change of chapter (each start imports the chapter's library anew)."""
    from support.in_process import chapter_group

    for item in items:
        found = CHAPTER_PARAMETER.search(item.name)
        if found and not item.get_closest_marker("xdist_group"):
            item.add_marker(chapter_group(found.group(1)))
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


def _orphans_of_this_checkout() -> list[str]:
    """Warm-kernel processes (``kernel_template.server``, and the kernels it forks, which keep its
    command line) run by this checkout's Python and left with no parent but init."""
    import sys

    import psutil

    found = []
    for process in psutil.process_iter(["pid", "ppid", "cmdline", "status"]):
        info = process.info
        command = info.get("cmdline") or []
        if (info.get("ppid") == 1 and info.get("status") != psutil.STATUS_ZOMBIE and len(command) >= 3
                and command[0] == sys.executable and command[1:3] == ["-m", "kernel_template.server"]):
            found.append(f"{info['pid']}: {' '.join(command)}")
    return found


def pytest_sessionfinish(session, exitstatus):
    """Nothing of a run outlives it: a warm template or kernel left behind by the suite (with no
    parent but init) fails the session. Checked once, by the controller, after a short grace."""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller checks for all
        return
    import time

    deadline = time.monotonic() + 10
    left = _orphans_of_this_checkout()
    while left and time.monotonic() < deadline:
        time.sleep(0.5)
        left = _orphans_of_this_checkout()
    if left:
        session.config.pluginmanager.get_plugin("terminalreporter").write_line(
            "warm-kernel processes outlived the test run:\n  " + "\n  ".join(left), red=True)
        session.exitstatus = 1
