"""The figures of the frozen evaluation class (``class/``), as the README reports them, held as
floors: a change to the detector that ranks fewer copies first, or more independent pairs above a
copy, fails here. (The issue's targets, every copy in the top K and at most one independent pair
above a copy per chapter, are not all met: the README says where and why.)"""

import re
from functools import cache

import pytest

from grader.paths import REPO_ROOT
from grader.similarity.compare import Settings

from .evaluation import frozen_chapters, load_frozen, measure, summary

#: chapter -> (copied pairs of its long exercises in the top K, independent pairs above a copy) as measured
MEASURED = {
    "00_finite_differences": (3, 0), "01_computational_graphs": (4, 0), "02_function_and_ctx": (7, 0),
    "03_backward_engine": (5, 0), "04_shapes": (4, 0), "05_gradcheck": (6, 0), "06_inplace_and_hooks": (5, 0),
    "07_linear_function": (2, 1), "08_modules_and_parameters": (4, 0), "09_training": (6, 0),
    "10_extending_pytorch": (5, 0), "11_reading_old_code": (3, 0), "12_higher_order_and_forward_mode": (2, 3),
}


@cache
def figures(chapter):
    return measure(load_frozen(chapter), Settings())


@pytest.mark.parametrize("chapter", frozen_chapters())
def test_the_frozen_class_ranks_copies_as_measured(chapter):
    long = [f for f in figures(chapter) if not f.short]
    found, above = sum(f.found for f in long), sum(f.above for f in long)
    floor, ceiling = MEASURED[chapter]
    assert found >= floor, f"{chapter}: {found} copied pairs in the top K, measured {floor}"
    assert above <= ceiling, f"{chapter}: {above} independent pairs above a copy, measured {ceiling}"


def test_the_readme_reports_the_frozen_figures():
    totals = summary([f for chapter in frozen_chapters() for f in figures(chapter)])["long"]
    readme = re.sub(r"\s+", " ", (REPO_ROOT / "README.md").read_text())
    expected = (f"{totals['found']} of {totals['copied']} copied pairs rank in the top K of their exercise, "
                f"and {totals['above']} of {totals['independent']} independent pairs score above a copy")
    assert expected in readme, f"the README should say: {expected}"
