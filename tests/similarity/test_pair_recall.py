"""Recall@K over pairs of students (``benchmarks/similarity_recall.py``) held as floors on both
labelled classes: the report keeps at least as many copied pairs in its top K as measured, falls
behind the token 5-gram baseline in no chapter, and no copied pair is left without a notebook score."""

import importlib.util
import re
from functools import cache

import pytest

from grader.paths import REPO_ROOT

from .evaluation import SECOND, SET, frozen_chapters

#: (class, chapter) -> copied pairs in the report's top K, as measured
MEASURED = {("held-out", "03_backward_engine"): 9, ("held-out", "08_modules_and_parameters"): 7,
            ("first", "00_finite_differences"): 3, ("first", "01_computational_graphs"): 2,
            ("first", "02_function_and_ctx"): 2, ("first", "03_backward_engine"): 3, ("first", "04_shapes"): 3,
            ("first", "05_gradcheck"): 3, ("first", "06_inplace_and_hooks"): 3, ("first", "07_linear_function"): 3,
            ("first", "08_modules_and_parameters"): 3, ("first", "09_training"): 3,
            ("first", "10_extending_pytorch"): 3, ("first", "11_reading_old_code"): 3,
            ("first", "12_higher_order_and_forward_mode"): 2}
ROOTS = {"first": SET, "held-out": SECOND}


@cache
def recall_module():
    path = REPO_ROOT / "benchmarks" / "similarity_recall.py"
    spec = importlib.util.spec_from_file_location("similarity_recall", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_baseline_finds_a_verbatim_copy_and_not_a_rewrite():
    scores = recall_module().baseline({"a": "for i in range(10):\n    total = total + i * 2\n",
                                       "b": "for i in range(10):\n    total = total + i * 2  # mine\n",
                                       "c": "total = sum(2 * k for k in range(10))\n"})
    assert scores[frozenset({"a", "b"})] == 1.0
    assert scores[frozenset({"a", "c"})] < 0.2


@pytest.mark.parametrize("key", sorted(MEASURED), ids=lambda k: "/".join(k))
def test_the_report_ranks_pairs_of_students_as_measured(key):
    figures = recall_module().chapter_figures(ROOTS[key[0]], key[1])
    found, _, unscored = figures["report"]
    baseline_found = figures["baseline"][0]
    assert found >= MEASURED[key], f"{key}: {found} copied pairs in the top {figures['K']}, measured {MEASURED[key]}"
    assert found >= baseline_found, f"{key}: the 5-gram baseline finds {baseline_found}, the report {found}"
    assert not unscored, f"{key}: copied pairs without a notebook score: {unscored}"


def test_the_readme_reports_both_classes_figures():
    """The README's table of recall@K says what the report and the baseline hold today."""
    readme = (REPO_ROOT / "README.md").read_text()
    for name, label in (("first", "first (13 chapters)"), ("held-out", "held-out (chapters 3 and 8)")):
        totals = [0, 0, 0]
        for chapter in frozen_chapters(ROOTS[name]):
            figures = recall_module().chapter_figures(ROOTS[name], chapter)
            totals = [totals[0] + figures["K"], totals[1] + figures["report"][0], totals[2] + figures["baseline"][0]]
        row = re.search(rf"^\| {re.escape(label)} \| (\d+) \| \d+ \| \d+ \| (\d+) \| (\d+) \|", readme, re.M)
        assert row, f"the README's recall table should have a row for the {label} class"
        assert [int(g) for g in row.groups()] == totals, f"{label}: the README says {row.groups()}, measured {totals}"
