"""Graph nodes: the objects that ``tensor.grad_fn`` points to.

A node is one step of the backward pass. It has the same shape as PyTorch's nodes, so one
drawing routine serves both libraries:

- ``next_functions``: a tuple of ``(node_or_None, output_nr)`` pairs, one per tensor input of the
  forward call. ``node`` is the input's ``grad_fn`` (or an ``AccumulateGrad`` for a leaf that
  requires grad, or ``None`` for an input that needs no gradient); ``output_nr`` says which output
  of that node the input was.
- ``name()``: e.g. ``"MulBackward"``.
- ``apply(*grad_outputs)``: one gradient per output of the forward call in, one gradient per
  entry of ``next_functions`` out (the chain rule for this step).
- ``output``: the tensor this node produced (held weakly), or ``None``.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from autograd_lib.grad_mode import is_grad_enabled

if TYPE_CHECKING:
    from autograd_lib.tensor import Tensor

Edge = tuple["Node | None", int]


class Node:
    """Base class of every backward node (``FunctionCtx``, ``AccumulateGrad``, ``GraphRoot``)."""

    next_functions: tuple[Edge, ...] = ()
    num_outputs: int = 1

    @property
    def metadata(self) -> dict[str, Any]:
        """A dict for anything attached to this node; in anomaly mode (``detect_anomaly``) it
        holds ``"traceback_"``, where the forward call was made (as in torch)."""
        if "_metadata" not in self.__dict__:
            self._metadata: dict[str, Any] = {}
        return self._metadata

    def name(self) -> str:
        """The node's class name, e.g. ``"MulBackward"`` or ``"AccumulateGrad"``."""
        return type(self).__name__

    def apply(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        """Map gradients w.r.t. this node's outputs to gradients w.r.t. its inputs."""
        raise NotImplementedError

    def release(self) -> None:
        """Free what the backward pass needed (saved tensors). Called unless ``retain_graph``."""

    @property
    def output(self) -> Tensor | None:
        """The tensor this node produced, if it is still alive (used by drawings)."""
        return None

    def __call__(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        return self.apply(*grad_outputs)

    def __repr__(self) -> str:
        return f"<{self.name()} object at {id(self):#x}>"


class AccumulateGrad(Node):
    """The node of a leaf tensor that requires grad: adds the incoming gradient to ``.grad``.

    ``variable`` is the leaf. There is one ``AccumulateGrad`` per leaf while a graph uses it
    (the leaf caches it weakly, as PyTorch does).
    """

    def __init__(self, variable: Tensor) -> None:
        self.variable = variable

    @property
    def output(self) -> Tensor | None:
        """The leaf tensor itself."""
        return self.variable

    def apply(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        """``variable.grad += grad`` (out of place, keeping the graph, when recording)."""
        from autograd_lib.tensor import Tensor  # tensor.py imports this module

        (grad,) = grad_outputs
        var = self.variable
        if grad is None:
            return ()
        for hook, _ in var._hooks:  # tensor hooks see (and may replace) the leaf's gradient
            result = hook(grad)
            grad = grad if result is None else result
        if is_grad_enabled():  # create_graph=True: keep the gradient's own graph
            var.grad = grad if var.grad is None else var.grad + grad
        elif var.grad is None:
            var.grad = Tensor(grad.data.astype(var.dtype, copy=True))
        elif var.grad.requires_grad:
            var.grad = Tensor(var.grad.data + grad.data)
        else:
            var.grad.data += grad.data
        return ()


class GraphRoot(Node):
    """The node a backward pass starts from: its ``apply`` returns the seed gradients.

    ``next_functions`` holds one edge per tensor passed to ``backward``; ``seeds`` the gradient
    for each (ones for a scalar).
    """

    def __init__(self, edges: tuple[Edge, ...], seeds: tuple[Tensor, ...]) -> None:
        self.next_functions = edges
        self.seeds = seeds
        _graph_task[0] += 1  # one root per backward pass: the pass that runs now

    def apply(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        """Return the seed gradients."""
        return self.seeds


_graph_task = [0]


def current_graph_task() -> int:
    """A number that changes with each backward pass (``backward`` or ``grad``): the one running
    now, or the last one (checkpointing recomputes once per pass)."""
    return _graph_task[0]


def gradient_edge(tensor: Tensor) -> Edge:
    """The edge that gradients w.r.t. ``tensor`` flow along.

    ``(tensor.grad_fn, output_nr)`` for a computed tensor, ``(AccumulateGrad, 0)`` for a leaf that
    requires grad, ``(None, 0)`` for a tensor that needs no gradient.
    """
    if tensor.grad_fn is not None:
        return (tensor.grad_fn, tensor._output_nr)
    if tensor.requires_grad:
        return (grad_accumulator(tensor), 0)
    return (None, 0)


def grad_accumulator(leaf: Tensor) -> AccumulateGrad:
    """The leaf's ``AccumulateGrad`` node, created on first use and cached weakly on the leaf."""
    ref: Any = leaf._grad_accumulator
    node = ref() if ref is not None else None
    if node is None:
        node = AccumulateGrad(leaf)
        leaf._grad_accumulator = weakref.ref(node)
    return node
