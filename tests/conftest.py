"""Shared fixtures: the repository's folders, and a headless matplotlib."""

import os

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
