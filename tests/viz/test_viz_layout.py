"""layered_layout: layering, ordering and coordinates of a DAG."""

from __future__ import annotations

import pytest

from autograd_lib.viz import layered_layout

DIAMOND = (["a", "b", "m", "s", "y"], [("a", "m"), ("b", "m"), ("a", "s"), ("m", "s"), ("s", "y")])


def test_layout_is_deterministic():
    first = layered_layout(*DIAMOND)
    second = layered_layout(*DIAMOND)
    assert first.positions == second.positions and first.routes == second.routes


def test_every_edge_goes_left_to_right():
    lay = layered_layout(*DIAMOND)
    for u, v in DIAMOND[1]:
        assert lay.positions[u][0] < lay.positions[v][0]


def test_top_to_bottom_edges_go_down():
    lay = layered_layout(*DIAMOND, direction="TB")
    for u, v in DIAMOND[1]:
        assert lay.positions[u][1] > lay.positions[v][1]


def test_sources_sit_next_to_their_first_consumer():
    nodes = ["x", "f", "g", "w", "h"]
    edges = [("x", "f"), ("f", "g"), ("g", "h"), ("w", "h")]
    lay = layered_layout(nodes, edges)
    assert lay.positions["w"][0] == lay.positions["g"][0]


def test_long_edges_are_routed_through_intermediate_layers():
    lay = layered_layout(*DIAMOND)
    assert len(lay.routes[("a", "s")]) == 2  # one crossed layer: its left and right side


def test_boxes_in_one_layer_do_not_overlap():
    nodes = [f"n{i}" for i in range(6)] + ["out"]
    edges = [(f"n{i}", "out") for i in range(6)]
    sizes = {n: (3.0, 2.0) for n in nodes}
    lay = layered_layout(nodes, edges, sizes, node_gap=1.0)
    ys = sorted(lay.positions[f"n{i}"][1] for i in range(6))
    assert all(b - a >= 3.0 - 1e-9 for a, b in zip(ys, ys[1:], strict=False))


def test_first_input_is_drawn_above_the_second():
    lay = layered_layout(["a", "b", "op"], [("a", "op"), ("b", "op")])
    assert lay.positions["a"][1] > lay.positions["b"][1]


def test_a_cycle_is_rejected():
    with pytest.raises(ValueError, match="cycle"):
        layered_layout(["a", "b"], [("a", "b"), ("b", "a")])
