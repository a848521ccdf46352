"""The backward engine: visit the graph from the output to the leaves, applying the chain rule.

1. ``topological_order(root)`` lists the nodes so that each node comes before every node it
   sends gradients to (root first). A node is run only once all its gradients have arrived.
2. ``backward`` walks that list: each node turns the gradients of its outputs into gradients of
   its inputs (``node.apply``), which are added into the buffers of the next nodes. Leaves'
   ``AccumulateGrad`` nodes add them into ``.grad``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from autograd_lib.grad_mode import set_grad_enabled
from autograd_lib.node import GraphRoot, Node, gradient_edge
from autograd_lib.tensor import Tensor

Tensors = Tensor | Sequence[Tensor]


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    order: list[Node] = []
    visited: set[Node] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))  # revisit after the children
            for child, _ in node.next_functions:
                if child is not None and child not in visited:
                    stack.append((child, False))
    return order[::-1]


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad.

    ``grad_tensors``: d(loss)/d(tensor) for each tensor (same shape; may be omitted for scalars).
    Saved tensors are freed unless ``retain_graph`` (default: ``create_graph``). With
    ``create_graph`` the backward pass is itself recorded, for higher-order gradients.
    """
    root = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    buffers: dict[Node, list[Tensor | None]] = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            grad_outputs = buffers.pop(node, None)
            if grad_outputs is None:  # no gradient reached this node
                continue
            grad_inputs = node.apply(*grad_outputs)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)


def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def grad(
    outputs: Tensors,
    inputs: Tensors,
    grad_outputs: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    allow_unused: bool | None = None,
    materialize_grads: bool = False,
) -> tuple[Tensor | None, ...]:
    """Return d(outputs)/d(inputs) (one Tensor per input) without touching any ``.grad``.

    Like ``torch.autograd.grad``: an input that the outputs do not depend on is an error unless
    ``allow_unused``, then its gradient is ``None``; with ``materialize_grads`` (which implies
    ``allow_unused``) it is a Tensor of zeros of the input's shape instead, so that a derivative
    that is 0 everywhere comes back as zeros (higher-order derivatives of a linear function).
    The outputs must still require grad: ``grad`` of a constant is an error, as in torch.
    """
    if materialize_grads and allow_unused is False:
        raise ValueError(
            "Expected allow_unused to be True or not passed when materialize_grads=True, "
            "but got: allow_unused=False."
        )
    if allow_unused is None:
        allow_unused = materialize_grads
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    for t in inputs:
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    root = graph_root(outputs, grad_outputs)
    retain_graph = create_graph if retain_graph is None else retain_graph
    targets = [gradient_edge(t) for t in inputs]
    order = topological_order(root)
    needed = _nodes_leading_to(order, {node for node, _ in targets})
    captured: dict[tuple[Node, int], Tensor | None] = {}
    buffers: dict[Node, list[Tensor | None]] = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in order:
            grad_outputs_ = buffers.pop(node, None)
            if grad_outputs_ is None:
                continue
            for nr, g in enumerate(grad_outputs_):
                captured[(node, nr)] = g
            if node not in needed:
                continue
            grad_inputs = node.apply(*grad_outputs_)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
    result = tuple(captured.get(edge) for edge in targets)
    if not allow_unused and any(g is None for g in result):
        raise RuntimeError(
            "One of the differentiated Tensors appears to not have been used in the graph. "
            "Set allow_unused=True if this is the desired behavior."
        )
    if materialize_grads:
        result = tuple(Tensor(np.zeros(t.shape, dtype=t.dtype)) if g is None else g
                       for g, t in zip(result, inputs, strict=True))
    return result


def _nodes_leading_to(order: list[Node], targets: set[Node]) -> set[Node]:
    """Nodes (in topological ``order``) that have a strict descendant in ``targets``."""
    reaches = set(targets)
    needed: set[Node] = set()
    for node in reversed(order):
        if any(child in reaches for child, _ in node.next_functions):
            needed.add(node)
            reaches.add(node)
    return needed


def graph_root(tensors: Tensors, grad_tensors: Any = None) -> GraphRoot:
    """Check the tensors to differentiate and their seed gradients; return the root node."""
    tensors = (tensors,) if isinstance(tensors, Tensor) else tuple(tensors)
    if grad_tensors is None or isinstance(grad_tensors, Tensor | np.ndarray | float | int):
        grad_tensors = (grad_tensors,) * len(tensors) if grad_tensors is None else (grad_tensors,)
    grad_tensors = tuple(grad_tensors)
    if len(grad_tensors) != len(tensors):
        raise RuntimeError(
            f"got {len(tensors)} tensors and {len(grad_tensors)} gradients: give one gradient "
            "(or None) per tensor"
        )
    seeds = []
    for i, (t, g) in enumerate(zip(tensors, grad_tensors, strict=True)):
        if not t.requires_grad:
            raise RuntimeError(
                f"element {i} of tensors does not require grad and does not have a grad_fn"
            )
        seeds.append(_seed(i, t, g))
    return GraphRoot(tuple(gradient_edge(t) for t in tensors), tuple(seeds))


def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    grad = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if grad.shape != output.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{i}] has a shape of {list(grad.shape)} and "
            f"output[{i}] has a shape of {list(output.shape)}."
        )
    return grad
