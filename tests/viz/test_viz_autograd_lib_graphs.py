"""draw_graph on real autograd_lib graphs, side by side with torch."""

from __future__ import annotations

import subprocess
import sys

import torch

import autograd_lib as agl
from autograd_lib.viz import draw_graph, draw_graphs_side_by_side, graph_nodes


def node_patches(ax):
    return [p for p in ax.patches if (p.get_gid() or "").startswith("node:")]


def test_kept_intermediates_are_drawn_with_their_retained_grad(tmp_path):
    a = agl.tensor([1.0, 2.0], requires_grad=True)
    b = agl.tensor([3.0, 4.0], requires_grad=True)
    ab = a * b
    s = (ab + a).sum()
    ab.retain_grad()
    s.backward()
    nodes, _ = graph_nodes(s)
    assert sorted(n.kind for n in nodes).count("function") == 3
    ax = draw_graph(s, names=[(a, "a"), (b, "b"), (ab, "ab"), (s, "s")])
    assert len(node_patches(ax)) == len(nodes)
    texts = "\n".join(t.get_text() for t in ax.texts)
    assert "MulBackward" in texts and "ab (2,)" in texts and "grad=[1., 1.]" in texts
    assert "grad=[4., 5.]" in texts  # a.grad = b + 1
    ax.figure.savefig(tmp_path / "agl.png")


def test_reused_autograd_lib_tensor_is_drawn_once():
    a = agl.tensor(2.0, requires_grad=True)
    b = a + a
    c = b + b
    nodes, edges = graph_nodes(c)
    assert sum(n.obj is a for n in nodes) == 1
    assert sorted(e.count for e in edges if e.count > 1) == [2, 2]
    assert len(node_patches(draw_graph(c))) == len(nodes)


def test_same_expression_gives_the_same_functions_in_both_libraries():
    a = agl.tensor([1.0, 2.0], requires_grad=True)
    ta = torch.tensor([1.0, 2.0], requires_grad=True)
    ours, theirs = (a * a + a).sum(), (ta * ta + ta).sum()
    names = [
        sorted(n.obj.name().rstrip("0") for n in graph_nodes(t)[0] if n.kind == "function") for t in (ours, theirs)
    ]
    assert names[0] == names[1]
    axes = draw_graphs_side_by_side(ours, theirs)
    assert [len(node_patches(ax)) for ax in axes] == [len(graph_nodes(t)[0]) for t in (ours, theirs)]


def test_numbering_works_on_autograd_lib_nodes():
    a = agl.tensor([1.0, 2.0], requires_grad=True)
    y = (a * 2.0).exp().sum()
    order = [y.grad_fn, y.grad_fn.next_functions[0][0]]
    ax = draw_graph(y, numbering=order)
    assert sorted(t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("number:")) == ["0", "1"]


def test_importing_viz_does_not_import_torch():
    code = "import sys, autograd_lib.viz; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
