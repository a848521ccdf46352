"""Extract a computation graph as a plain DAG of tensor and Function nodes.

Works on both libraries through the torch-shaped contract:

* ``tensor.grad_fn`` is a node (None for a leaf);
* ``node.next_functions`` is a tuple of ``(node_or_None, index)`` pairs, one per op input;
* a leaf that requires grad appears there as an ``AccumulateGrad`` node whose ``.variable``
  is the leaf tensor;
* autograd_lib nodes also have ``node.output`` (the op's output Tensor, or None), so its
  intermediate tensors can be drawn; torch nodes do not, so a torch graph shows only the
  leaves and the root as tensors.

Edges point in the forward direction: input tensor -> Function -> output tensor. Objects are
identified by ``id()``, never by ``==`` (tensors compare elementwise), so a reused tensor
(``b = a + a``) is one node with an edge of multiplicity 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

NodeKind = Literal["tensor", "function"]
Role = Literal["leaf", "root", "intermediate", "function"]


@dataclass(frozen=True)
class GraphNode:
    """One node of the drawn graph: a tensor box or a Function box.

    ``key`` is ``id(obj)``; ``role`` is ``"leaf"``, ``"root"``, ``"intermediate"`` for
    tensors and ``"function"`` for Function nodes.
    """

    key: int
    kind: NodeKind
    role: Role
    obj: Any


@dataclass(frozen=True)
class GraphEdge:
    """A forward edge ``src -> dst`` (node keys); ``count`` > 1 when an input is reused."""

    src: int
    dst: int
    count: int = 1


def node_name(node: Any) -> str:
    """The display name of a Function node: ``node.name()`` or its class name."""
    name = getattr(node, "name", None)
    if callable(name):
        try:
            return str(name())
        except Exception:  # a broken name() must not break a drawing
            pass
    return type(node).__name__


def _leaf_of(node: Any) -> Any | None:
    """The leaf tensor of an AccumulateGrad node, else None."""
    return getattr(node, "variable", None)


def _output_of(node: Any) -> Any | None:
    """The output tensor of an autograd_lib node (None for torch, if collected, or if the tensor
    was changed in place since: it then stands for its new value, made by another node)."""
    try:
        out = getattr(node, "output", None)
    except Exception:
        return None
    current = getattr(out, "_grad_fn", None)
    return None if current is not None and current is not node else out


def graph_nodes(tensor: Any) -> tuple[list[GraphNode], list[GraphEdge]]:
    """Return the nodes and forward edges of the graph that produced ``tensor``.

    Tensor nodes: every leaf reached through ``AccumulateGrad``, the root ``tensor`` itself
    and (autograd_lib only) each Function's ``output``. Function nodes: every ``grad_fn``
    reachable through ``next_functions`` except AccumulateGrad, which is drawn as its leaf.
    Inputs that do not require grad (``(None, 0)`` entries) are not drawn. Iterative: no
    recursion limit.
    """
    nodes: dict[int, GraphNode] = {}
    edges: dict[tuple[int, int], int] = {}

    def add_node(obj: Any, kind: NodeKind, role: Role) -> int:
        key = id(obj)
        if key not in nodes:
            nodes[key] = GraphNode(key, kind, role, obj)
        return key

    def add_edge(src: int, dst: int) -> None:
        edges[(src, dst)] = edges.get((src, dst), 0) + 1

    root_fn = getattr(tensor, "grad_fn", None)
    root_key = add_node(tensor, "tensor", "leaf" if root_fn is None else "root")
    if root_fn is None:
        return list(nodes.values()), []

    # out_key[id(fn)] is the tensor key that fn's output is drawn as (or None).
    out_key: dict[int, int | None] = {}

    def fn_key(fn: Any) -> int:
        """Add a Function node (and its output tensor, if known) once."""
        key = id(fn)
        if key in nodes:
            return key
        add_node(fn, "function", "function")
        out = tensor if fn is root_fn else _output_of(fn)
        if out is None:
            out_key[key] = None
        else:
            role: Role = "root" if out is tensor else "intermediate"
            out_key[key] = add_node(out, "tensor", role)
            add_edge(key, out_key[key])
        return key

    fn_key(root_fn)
    stack = [root_fn]
    seen = {id(root_fn)}
    while stack:
        fn = stack.pop()
        for entry in getattr(fn, "next_functions", ()) or ():
            prev = entry[0] if isinstance(entry, tuple) else entry
            if prev is None:
                continue
            leaf = _leaf_of(prev)
            if leaf is not None:
                add_edge(add_node(leaf, "tensor", "leaf"), id(fn))
                continue
            prev_key = fn_key(prev)
            src = out_key[prev_key]
            add_edge(prev_key if src is None else src, id(fn))
            if prev_key not in seen:
                seen.add(prev_key)
                stack.append(prev)
    if root_key not in nodes:  # pragma: no cover - defensive
        add_node(tensor, "tensor", "root")
    return list(nodes.values()), [GraphEdge(s, d, c) for (s, d), c in edges.items()]
