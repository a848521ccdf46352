"""graph_nodes: the graph extracted from torch and autograd_lib-shaped tensors."""

from __future__ import annotations

import torch

from autograd_lib.viz import graph_nodes


def kinds(nodes):
    return sorted(n.kind for n in nodes)


def test_torch_graph_of_a_times_b_plus_a_has_three_tensors_and_three_functions():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    c = (a * b + a).sum()
    nodes, edges = graph_nodes(c)
    assert kinds(nodes) == ["function"] * 3 + ["tensor"] * 3
    assert {n.obj.name() for n in nodes if n.kind == "function"} == {"MulBackward0", "AddBackward0", "SumBackward0"}
    assert len(edges) == 6  # a->Mul, b->Mul, a->Add, Mul->Add, Add->Sum, Sum->c


def test_reused_tensor_is_one_node_with_an_edge_of_multiplicity_two():
    a = torch.tensor(2.0, requires_grad=True)
    b = a + a
    c = b + b
    nodes, edges = graph_nodes(c)
    assert kinds(nodes) == ["function", "function", "tensor", "tensor"]
    assert sorted(e.count for e in edges) == [1, 2, 2]
    assert len({n.key for n in nodes}) == len(nodes)


def test_leaf_tensor_alone_is_a_single_node():
    a = torch.ones(3, requires_grad=True)
    nodes, edges = graph_nodes(a)
    assert [n.role for n in nodes] == ["leaf"] and edges == []


def test_inputs_that_do_not_require_grad_are_not_drawn():
    a = torch.ones(2, requires_grad=True)
    nodes, _ = graph_nodes((a * torch.ones(2)).sum())
    assert kinds(nodes) == ["function", "function", "tensor", "tensor"]


def test_edges_point_forward_from_inputs_to_output():
    a = torch.ones(2, requires_grad=True)
    c = a.exp().sum()
    nodes, edges = graph_nodes(c)
    by_key = {n.key: n for n in nodes}
    srcs = {by_key[e.src].role for e in edges}
    dsts = {by_key[e.dst].role for e in edges}
    assert "root" not in srcs and "leaf" not in dsts


def test_autograd_lib_shaped_graph_includes_intermediate_outputs(fake_graph):
    nodes, edges = graph_nodes(fake_graph["y"])
    roles = sorted(n.role for n in nodes)
    assert roles == ["function"] * 3 + ["intermediate"] * 2 + ["leaf"] * 2 + ["root"]
    keys = {n.key for n in nodes}
    assert id(fake_graph["ab"]) in keys and id(fake_graph["s"]) in keys
    assert len(edges) == 8  # a,b->Mul->ab; ab,a->Add->s; s->Sum->y


def test_long_chain_is_extracted_without_recursion_limit():
    x = torch.ones(1, requires_grad=True)
    y = x
    for _ in range(3000):
        y = y * 1.0
    nodes, edges = graph_nodes(y)
    assert len(nodes) == 3002 and len(edges) == 3001


def test_a_tensor_changed_in_place_is_drawn_once_as_its_new_value() -> None:
    """After ``a.mul_(2)`` (and after a change through a view), the old node's output is gone:
    the tensor is the output of the in-place node (or of CopySlices) only, so the graph is a DAG."""
    import autograd_lib as al

    x = al.tensor([1.0, 2.0, 3.0], requires_grad=True)
    a = x * 1.0
    a.mul_(2.0)
    b = x * 1.0
    b[1:].mul_(al.tensor([3.0, 4.0]))
    for tensor, node in ((a, "MulInplaceBackward"), (b, "CopySlices")):
        nodes, edges = graph_nodes(tensor.sum())
        drawn = [n.key for n in nodes if n.obj is tensor]
        producers = [e.src for e in edges if e.dst in drawn]
        assert len(drawn) == 1 and [n.obj.name() for n in nodes if n.key in producers] == [node]
