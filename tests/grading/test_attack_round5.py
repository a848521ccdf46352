"""Answers that earned points without computing their derivative (a hostile round against the
grader, given only the docs and the release): each is now flagged or zeroed by the static check
(``grader.judge.static_rules``, ``engine_rules``), and a cell nested too deeply for the check to
read is held for review instead of crashing the grading run. The answers are in
``fixtures_round5/``; each replaces one answer cell of its chapter's release."""

from pathlib import Path

import pytest

from grader.judge.static_rules import ENGINE, MACHINERY, REFERENCE, CodeCell, check

FIXTURES = Path(__file__).resolve().parent / "fixtures_round5"
COURSE = CodeCell(0, "import numpy as np\nimport torch\nimport autograd_lib\nfrom autograd_lib import Tensor\n", False)

#: fixture -> (exercise it answers, the finding it must get)
EXPECTED = {
    "01_local": ("local_gradients", ENGINE),  # torch's engine run by tensor methods, in a by-hand answer
    "01_forward_backward": ("forward_backward", ENGINE),
    "02_div_walk": ("div", ENGINE),  # the recorded graph walked by hand, node by node
    "04_matmul_walk": ("matmul_backward", ENGINE),
    "05_bilinear_walk": ("fixed_bilinear", ENGINE),
    "05_layer_norm_walk": ("layer_norm", ENGINE),
    "06_mul_inplace_walk": ("mul_inplace", ENGINE),
    "07_node_walk": ("linear_function", ENGINE),
    "09_ce_walk": ("cross_entropy_function", ENGINE),
    "09_ce_jacobian": ("cross_entropy_function", ENGINE),  # the engine reached through analytical_jacobian
    "09_network_engine": ("network_gradients", ENGINE),  # loss.backward() in the by-hand network
    "09_network_walk": ("network_gradients", ENGINE),
    "12_dual_walks": ("dual_rules", ENGINE),
    "03_graphlib": ("topological_order", REFERENCE),  # the standard library's topological sort
}


def findings(name: str):
    exercise, _ = EXPECTED[name]
    answer = CodeCell(1, (FIXTURES / f"{name}.py").read_text(), True, exercise)
    references = {"topological_order": ["graphlib.TopologicalSorter"]}
    return [(f.kind, f.exercise) for f in check([COURSE, answer], references, {"topological_order": 5})]


def test_every_fixture_is_checked():
    assert sorted(p.stem for p in FIXTURES.glob("*.py")) == sorted([*EXPECTED, "07_engine_deep"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_attack_is_found(name):
    exercise, kind = EXPECTED[name]
    assert (kind, exercise) in findings(name), findings(name)


def test_a_long_chain_is_read_and_its_engine_still_found():
    """The chapter 7 notebook whose answer cell opens with ``1+1+...+1`` (600 terms) crashed the
    grading run (RecursionError) before its kernel started; it is read like any other now."""
    answer = CodeCell(1, (FIXTURES / "07_engine_deep.py").read_text(), True, "linear_function")
    found = check([COURSE, answer], {}, {})
    assert [f.kind for f in found] == [ENGINE], found


def test_a_cell_too_deep_to_read_is_held_for_review_not_a_crash():
    deep = CodeCell(1, "x = " + "+".join(["1"] * 30_000) + "\n", True, "forward_difference")
    found = check([COURSE, deep], {}, {})
    assert [(f.kind, f.cell) for f in found] == [(MACHINERY, 1)]
    assert "nests too deeply" in found[0].message
