"""What a graph keeps for backward: saved-tensor hooks and ``SavedTensor`` (torch's ``SavedVariable``).

Without hooks a node keeps the very tensors given to ``ctx.save_for_backward`` (``ctx._saved``).
Inside ``autograd_lib.autograd.graph.saved_tensors_hooks(pack, unpack)`` it keeps, for each one,
a ``SavedTensor``: ``pack(tensor)`` is called when the node is recorded and the node keeps only
what ``pack`` returned; ``unpack(packed)`` is called each time the tensor is used (``saved_tensors``
in backward, a ``_saved_<name>`` attribute), and must give back a Tensor. As in torch:

- the innermost active hooks are used; a tensor saved twice is packed twice;
- the unpacked tensor is a new Tensor with the saved tensor's place in the graph (its
  ``grad_fn``, ``output_nr`` and ``requires_grad``; a leaf keeps its ``AccumulateGrad``), so
  ``create_graph`` still differentiates through it;
- no version check: a tensor changed in place after it was packed is not noticed (the hooks
  decide what was kept); ``pack`` itself may not change its input in place;
- after a backward pass without ``retain_graph`` the packed values are dropped and a use raises
  the error about backward through the graph a second time.

``shape_only(t)`` is what a library op keeps, under hooks, for a slot torch does not save (a
tensor whose values no needed gradient reads, ``autograd_lib.ops.saved_names``): a tensor of
``t``'s shape and dtype that holds no memory.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from autograd_lib.node import AccumulateGrad, grad_accumulator

if TYPE_CHECKING:
    from autograd_lib.tensor import Tensor

Hooks = tuple[Callable[[Any], Any], Callable[[Any], Any]]

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward."
)
PACK_INPLACE_MESSAGE = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack "
    "hook cannot be modified by in-place operations as this can lead to unexpected side-effects. "
    "Please open an issue if you need to perform in-place operations on the input to a pack hook."
)

_hooks_stack: list[Hooks] = []


def push_saved_tensors_hooks(pack: Callable[[Any], Any], unpack: Callable[[Any], Any]) -> None:
    """Make ``(pack, unpack)`` the hooks used for every tensor saved from now on."""
    _hooks_stack.append((pack, unpack))


def pop_saved_tensors_hooks() -> None:
    """Go back to the hooks that were active before the last push."""
    _hooks_stack.pop()


def current_hooks() -> Hooks | None:
    """The innermost active ``(pack, unpack)``, or ``None`` when no hooks are set."""
    return _hooks_stack[-1] if _hooks_stack else None


class SavedTensor:
    """One tensor saved under hooks: what ``pack`` returned, and the tensor's place in the graph."""

    def __init__(self, tensor: Tensor, hooks: Hooks) -> None:
        pack, self._unpack_hook = hooks
        self._grad_fn = tensor.grad_fn
        self._output_nr = tensor._output_nr
        self._requires_grad = tensor.requires_grad
        self._accumulator: AccumulateGrad | None = None
        if self._grad_fn is None and self._requires_grad:
            self._accumulator = grad_accumulator(tensor)
        version = tensor._version
        self._packed = pack(tensor)
        if tensor._version != version:
            raise RuntimeError(PACK_INPLACE_MESSAGE)
        self._freed = False

    def unpack(self) -> Tensor:
        """``unpack(packed)``, checked to be a Tensor, as a new Tensor at the saved one's place."""
        from autograd_lib.tensor import Tensor

        if self._freed:
            raise RuntimeError(FREED_MESSAGE)
        value = self._unpack_hook(self._packed)
        if not isinstance(value, Tensor):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got "
                            f"result of type {type(value).__name__}")
        out = Tensor(value.data)
        out._version_counter = value._version_counter
        if self._grad_fn is not None:
            out._grad_fn, out._output_nr, out._requires_grad = self._grad_fn, self._output_nr, True
        elif self._requires_grad:
            out._requires_grad = True
            out._grad_accumulator = weakref.ref(self._accumulator)  # gradients reach the leaf's .grad
        return out

    def release(self) -> None:
        """Drop the packed value (after a backward pass without ``retain_graph``)."""
        self._packed = self._unpack_hook = self._grad_fn = self._accumulator = None
        self._freed = True

    def __repr__(self) -> str:
        return f"<SavedTensor object at {id(self):#x}>"


def shape_only(tensor: Tensor) -> Tensor:
    """A tensor with ``tensor``'s shape and dtype and no memory (every element reads 0; it cannot
    be written): what a node keeps for a saved slot whose values no gradient needs."""
    from autograd_lib.tensor import Tensor

    return Tensor(np.broadcast_to(np.zeros((), dtype=tensor.dtype), tensor.shape))
