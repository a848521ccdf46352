"""Views: tensors that share memory, and the version counter, with a base tensor.

A **view** is a tensor whose data is a window onto another tensor's memory: ``x[1:3]``,
``x.view(2, 2)``, ``x.t()``, ``x.unsqueeze(0)``, ``x.expand(3, 4)``, and ``reshape`` when no copy
is needed. As in PyTorch:

- ``v._base`` is the tensor that owns the memory (never itself a view: a view of a view has the
  first tensor as its base), and ``v._is_view()`` is True. Advanced indexing (``x[[0, 2]]``) and
  a ``reshape`` that must copy make new tensors, not views.
- A view and its base share **one** version counter. A view made from a base at version 3 starts
  at version 3, and an in-place change through either bumps both: a graph that saved the base
  notices a change made through a view, and the other way round.
- An in-place change **through a view** changes the base too, so the base's gradient must change.
  Say ``b`` has shape ``(n,)``, ``v = b[k]`` for a set of positions ``k``, and ``v.mul_(c)``. The
  new base is ``b' = b`` outside ``k`` and ``b'[k] = b[k] * c``. So for a gradient ``G`` of ``b'``

      dL/db = G outside k,   dL/db[k] = (dL/dv_old) = G[k] * c,   dL/dc = sum over k of G[k] * b[k]

  The engine gets this by rewriting the graph (PyTorch's ``CopySlices``): the base's new
  ``grad_fn`` is a ``CopySlices`` node that takes ``G`` (the base's shape), cuts out ``G[k]``,
  runs the in-place operation's own backward on it, and writes the result back into the window
  (``dL/db``) and on to the other inputs (``dL/dc``). The view's new ``grad_fn`` reads its window
  out of the base again (``AsStridedBackward``, the name PyTorch gives it), so both tensors see
  the new values.
- A view of a leaf that requires grad may not be changed in place while recording (its base is the
  parameter). Neither may a view made under ``no_grad`` (or a view of one) when the change would be
  recorded: grad mode is on and the view, its base or an operand requires grad.
- When the base is changed in place, every view of it is out of date: its ``grad_fn`` is made
  again, from the base's new ``grad_fn``, the next time it is read.
- The outputs of one call that returns several views (``unbind``, ``split``, ``chunk``, iterating
  a tensor) share one node, so the graph cannot be rewritten for one of them: changing one in place
  while recording is refused, and so is reading its ``grad_fn`` after its base was changed in place
  (views of such an output too).

The window is kept as an **index map**: the view functions replayed on ``arange(base.numel())``
give, for each element of the view, the flat position in the base that it reads. Gradients are
moved with that map, so every view op (slices, transposes, reshapes, expand) works the same way.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from autograd_lib.grad_mode import is_grad_enabled
from autograd_lib.node import Edge, Node, gradient_edge

if TYPE_CHECKING:
    from autograd_lib.function import FunctionCtx
    from autograd_lib.tensor import Tensor

ViewFn = Callable[[np.ndarray], np.ndarray]

VIEW_OF_LEAF_MESSAGE = (
    "a view of a leaf Variable that requires grad is being used in an in-place operation."
)
NO_GRAD_VIEW_MESSAGE = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
    "code by moving both the view and the inplace either both inside the no_grad block (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked)."
)
MULTI_OUTPUT_MESSAGE = (
    " This view is the output of a function that returns multiple views. Such functions do not "
    "allow the output views to be modified inplace. You should replace the inplace operation by an "
    "out-of-place one."
)
OVERLAP_MESSAGE = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
    "a single memory location. Please clone() the tensor before performing the operation."
)


# ---------------------------------------------------------------------- making views
def as_view(out: Tensor, source: Tensor, view_fn: ViewFn) -> Tensor:
    """Mark ``out`` (the result of a view op on ``source``) as a view, if numpy shared the memory.

    ``view_fn`` maps an array shaped like ``source`` to the view's layout (``a[1:3]``,
    ``np.swapaxes(a, 0, 1)``, ...). The view's base is ``source``'s base if ``source`` is a view
    itself, and the view functions are composed, so ``out._view_fn`` maps the base to ``out``.
    """
    if not np.may_share_memory(out.data, source.data):
        return out  # numpy copied (a reshape that needs a copy): a new tensor, not a view
    share_base(out, source, view_fn)
    out._view_made_with_grad = is_grad_enabled()
    out._view_of_no_grad_view = not out._view_made_with_grad or source._view_of_no_grad_view
    out._multi_output_view = source._multi_output_view
    if not out._view_made_with_grad and source.requires_grad:
        out._requires_grad = True  # torch: a view made under no_grad keeps requires_grad (no grad_fn)
    return out


def as_multi_output_views(outputs: tuple[Tensor, ...], source: Tensor,
                          view_fns: list[ViewFn]) -> tuple[Tensor, ...]:
    """Mark the outputs of one call that returns several views of ``source`` (``unbind``,
    ``split``): each is a view (``as_view``) that may not be changed in place while recording."""
    for out, view_fn in zip(outputs, view_fns, strict=True):
        as_view(out, source, view_fn)
        out._multi_output_view = True
    return outputs


def _view_op_name(view: Tensor) -> str:
    return view._grad_fn.name().removesuffix("Backward")


def share_base(view: Tensor, source: Tensor, view_fn: ViewFn) -> None:
    """Make ``view`` a view of ``source``'s memory: its base, its version counter, its window.

    - ``view._base`` is the tensor that owns the memory: ``source._base`` when ``source`` is a view
      itself, else ``source`` (so a base is never a view);
    - ``view._version_counter`` is the base's counter, the very same one-element list, so that a
      change through any of them is counted for all;
    - ``view._view_fn`` maps an array shaped like the base to the view's layout: ``view_fn`` for a
      view of a base, ``view_fn`` after ``source._view_fn`` for a view of a view;
    - ``view._view_version`` is the counter's value now: the view's ``grad_fn`` is up to date at
      this version (when the counter moves on, the ``grad_fn`` is made again).
    """
    base = source._base if source._base is not None else source
    if source._base is not None:
        parent = source._view_fn
        view._view_fn = lambda a: view_fn(parent(a))
    else:
        view._view_fn = view_fn
    view._base = base
    view._version_counter = base._version_counter
    view._view_version = base._version_counter[0]


def index_map(view: Tensor) -> np.ndarray:
    """For each element of ``view``, the flat position in its base that it reads (an int array
    of the view's shape)."""
    base = view._base
    return view._view_fn(np.arange(base.numel()).reshape(base.shape))


def shares_window(a: np.ndarray, b: np.ndarray) -> bool:
    """True if ``a`` and ``b`` are the same window on the same memory (same start, shape, strides)."""
    return (a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
            and a.shape == b.shape and a.strides == b.strides)


# ---------------------------------------------------------------------- checks before in place
def check_view_inplace(tensor: Tensor, requires_grad: bool = False) -> None:
    """What PyTorch checks before changing a view in place, while recording.

    ``requires_grad``: whether an operand of the in-place op requires grad. The change is recorded
    when grad mode is on and the view, its base or an operand requires grad. Then a view made under
    ``no_grad`` (or a view of one) is refused first, an output of a call that returns several views
    (or a view of one) next, and a view of a leaf that requires grad last.
    """
    base = tensor._base
    if base is None or not is_grad_enabled():
        return
    recorded = requires_grad or tensor._requires_grad or base._requires_grad
    if tensor._view_of_no_grad_view and recorded:
        raise RuntimeError(NO_GRAD_VIEW_MESSAGE)
    if tensor._multi_output_view and recorded:
        if tensor._grad_fn is None:  # made of a base that needed no grad: torch words it so
            raise RuntimeError(NO_GRAD_VIEW_MESSAGE.split(" Given")[0] + MULTI_OUTPUT_MESSAGE)
        raise RuntimeError(f"Output {tensor._output_nr} of {_view_op_name(tensor)} is a view and is "
                           "being modified inplace." + MULTI_OUTPUT_MESSAGE)
    if base._grad_fn is None and base._requires_grad:
        raise RuntimeError(VIEW_OF_LEAF_MESSAGE)


def check_overlap(tensor: Tensor, other: Tensor) -> None:
    """``other`` may be ``tensor``'s own memory exactly (``a.mul_(a)``), or memory apart from it;
    a partial overlap (``a[0:2].mul_(a[1:3])``) is refused, as in PyTorch."""
    if np.may_share_memory(tensor.data, other.data) and not shares_window(tensor.data, other.data) \
            and np.shares_memory(tensor.data, other.data):
        raise RuntimeError(OVERLAP_MESSAGE)


def alias(tensor: Tensor) -> Tensor:
    """A second handle on ``tensor``: same memory, same version counter, same place in the graph.

    ``a.mul_(a)`` multiplies by a second handle, so that the second factor is saved as an input
    (at its version before the change) while ``a`` itself is the changed output, exactly as
    PyTorch saves them: a backward that needs the second factor then raises.
    """
    from autograd_lib.tensor import Tensor

    out = Tensor(tensor.data)
    out._version_counter = tensor._version_counter
    out._grad_fn, out._output_nr, out._requires_grad = tensor.grad_fn, tensor._output_nr, tensor.requires_grad
    if tensor._grad_fn is None and tensor._requires_grad:
        out._grad_accumulator = tensor._grad_accumulator
        out._alias_of = tensor  # its gradient edge is the leaf's own AccumulateGrad
    return out


# ---------------------------------------------------------------------- the graph after in place
class CopySlices(Node):
    """The base's ``grad_fn`` after an in-place change through one of its views.

    In: ``G``, the gradient of the new base (the base's shape). Out: one gradient per edge, the
    first for the old base, the others for the other inputs of the in-place op ``fn``:

    - the window: ``fn``'s backward applied to ``G[window]`` gives the gradient of the view's old
      value, written back into the window; outside the window ``G`` passes unchanged;
    - the other inputs get what ``fn``'s backward gives them.

    Written with Tensor operations, so it can be differentiated again (``create_graph``).
    """

    def __init__(self, base_edge: Edge, fn: FunctionCtx, index: np.ndarray, base: Tensor) -> None:
        self.fn = fn
        self.index = index
        self.shape, self.dtype = base.shape, base.dtype
        self.next_functions = (base_edge, *fn.next_functions[1:])
        self._outputs = (weakref.ref(base),)
        self.materialize_grads = True
        self._output_info = ((base.shape, base.dtype),)

    def name(self) -> str:
        return "CopySlices"

    @property
    def output(self) -> Tensor | None:
        """The base tensor, if it is still alive."""
        return self._outputs[0]()

    def apply(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        from autograd_lib.function import _prepare_grad_outputs
        from autograd_lib.ops.shape import copy_slices_backward

        (grad,) = _prepare_grad_outputs(self, grad_outputs)  # the base's hooks and retain_grad
        return copy_slices_backward(grad, self.fn, self.index)

    def release(self) -> None:
        """Free the saved tensors of the in-place op inside."""
        self.fn.release()


def rebase(view: Tensor, fn: FunctionCtx) -> None:
    """After ``fn`` changed ``view`` in place while recording, rewrite the graph.

    The base's ``grad_fn`` becomes a ``CopySlices`` around ``fn`` whose first edge is where the
    base's gradient went before (its edge is read before it changes); the base requires grad
    from now on (``output_nr`` 0); and the view's ``grad_fn`` is made again from the base's new
    one, so that the view reads its window out of the new base.
    """
    base = view._base
    copy_slices = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn, base._output_nr, base._requires_grad = copy_slices, 0, True
    regenerate(view)


def regenerate(view: Tensor) -> None:
    """Make the view's ``grad_fn`` again from its base's current one (``AsStridedBackward``).

    Called after an in-place change through the view, and, lazily, when the view is read after
    its base (or a sibling view) was changed in place. A view made under ``no_grad``, or of a base
    that needs no gradient, keeps no ``grad_fn``. An output of a call that returns several views
    cannot be made again: reading its ``grad_fn`` then raises, as in PyTorch.
    """
    from autograd_lib.grad_mode import enable_grad
    from autograd_lib.ops.shape import AsStrided

    base = view._base
    if view._multi_output_view and view._grad_fn is not None:
        raise RuntimeError(f"Output {view._output_nr} of {_view_op_name(view)} is a view and its base "
                           "or another view of its base has been modified inplace." + MULTI_OUTPUT_MESSAGE)
    view._view_version = view._version_counter[0]
    if not (view._view_made_with_grad and base.requires_grad):
        return
    with enable_grad():
        node = AsStrided.apply(base, index_map(view), view.data)._grad_fn
    node._outputs = (weakref.ref(view),)
    view._grad_fn, view._output_nr, view._requires_grad = node, 0, True
