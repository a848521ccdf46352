"""Activation checkpointing: trade memory for time (torch's ``torch.utils.checkpoint``).

``checkpoint(fn, *args, use_reentrant=False)`` returns ``fn(*args)`` with the same graph and the
same gradients, but the nodes recorded inside ``fn`` keep none of the tensors they save: in
backward, ``fn`` runs again (on the same inputs, with the same random numbers) to make them.

How: torch's non-reentrant variant, built on saved-tensor hooks (``autograd_lib.saved_tensor``).

1. Forward: the inputs are saved once, by a node off the graph (so outer hooks see them, as in
   torch); ``fn`` runs with recording as outside, under hooks whose ``pack`` keeps only a
   number (the tensor's place in the order of saving).
2. Backward: the first ``unpack`` of a backward pass runs ``fn`` again under hooks that keep
   every saved tensor, detached, in the same order; each ``unpack(i)`` hands out tensor ``i``.
   A second backward pass (``retain_graph``) recomputes again.

Why hooks and not ``no_grad`` (the reentrant variant): the graph is the one ``fn`` would have
recorded (``grad_fn`` names, ``autograd.grad`` with respect to anything inside, ``create_graph``),
no second backward runs inside the first one, and each node only waits for its own tensors.
``fn`` is called once in forward and once per backward pass that needs its tensors, as torch's.
The library has only this variant: ``use_reentrant=True`` is an error.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from autograd_lib import creation
from autograd_lib.autograd.graph import saved_tensors_hooks
from autograd_lib.function import Function, FunctionCtx
from autograd_lib.grad_mode import enable_grad, is_grad_enabled
from autograd_lib.node import current_graph_task
from autograd_lib.tensor import Tensor

USE_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. "
    "use_reentrant=False is recommended (autograd_lib has only that variant)."
)
TWICE_MESSAGE = (
    "torch.utils.checkpoint: Unpack is being triggered for a tensor that was already unpacked "
    "once. If you are calling ctx.saved_tensors in backward, make sure to do so only once. "
    "Otherwise please open an issue with details on your use case."
)


def checkpoint(function: Callable[..., Any], *args: Any, use_reentrant: bool | None = None,
               preserve_rng_state: bool = True, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``, recomputed in backward instead of keeping what its nodes
    save (see the module doc). ``preserve_rng_state``: the recomputation draws the same random
    numbers as the forward (``manual_seed``'s generator)."""
    if use_reentrant is None:
        warnings.warn(USE_REENTRANT_WARNING, UserWarning, stacklevel=2)
    elif use_reentrant:
        raise NotImplementedError("autograd_lib's checkpoint has only the non-reentrant variant: "
                                  "pass use_reentrant=False")
    frame = _Frame(function, args, kwargs, preserve_rng_state)
    with saved_tensors_hooks(frame.pack, frame.unpack):
        return function(*args, **kwargs)


def checkpoint_sequential(functions: Any, segments: int, input: Tensor,
                          use_reentrant: bool | None = None, **kwargs: Any) -> Tensor:
    """Run ``functions`` (a list, or a ``Sequential``) one after another on ``input``, in
    ``segments`` pieces of ``len(functions) // segments``: every piece but the last is
    checkpointed (the last one's tensors are needed at once), as torch's."""
    if use_reentrant is None:
        warnings.warn(USE_REENTRANT_WARNING, UserWarning, stacklevel=2)
        use_reentrant = False
    if hasattr(functions, "children"):
        functions = list(functions.children())
    functions = list(functions)
    size = len(functions) // segments
    end = -1
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        input = checkpoint(_run(functions[start:end + 1]), input, use_reentrant=use_reentrant, **kwargs)
    return _run(functions[end + 1:])(input)


def _run(functions: Sequence[Callable[[Any], Any]]) -> Callable[[Any], Any]:
    def forward(x: Any) -> Any:
        for f in functions:
            x = f(x)
        return x
    return forward


class _SaveInputs(Function):
    """A node off the graph that saves the checkpoint's tensor inputs (so they are kept, checked
    and hooked as any saved tensor); its output is never used."""

    @staticmethod
    def forward(ctx: FunctionCtx, anchor: Tensor, *inputs: Tensor) -> np.ndarray:
        ctx.save_for_backward(*inputs)
        return np.empty(0)

    @staticmethod
    def backward(ctx: FunctionCtx, *grad_outputs: Tensor) -> Any:
        raise RuntimeError("the checkpoint's input node is not part of any graph")


class _Frame:
    """One ``checkpoint`` call: how to run ``function`` again, and what the last run saved."""

    def __init__(self, function: Callable[..., Any], args: tuple, kwargs: dict,
                 preserve_rng_state: bool) -> None:
        self.function, self.kwargs = function, kwargs
        self.positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        self.others = [None if isinstance(a, Tensor) else a for a in args]
        self.saver: FunctionCtx | None = None
        if is_grad_enabled():
            anchor = Tensor(np.empty(0), requires_grad=True)
            self.saver = _SaveInputs.apply(anchor, *(args[i] for i in self.positions)).grad_fn
        self.rng_state = creation.get_rng_state() if preserve_rng_state else None
        self.count = 0  # tensors packed in forward
        self.recomputed: dict[int, Tensor] = {}
        self.task: int | None = None

    def pack(self, tensor: Tensor) -> int:
        """Keep only the tensor's place in the order of saving."""
        self.count += 1
        return self.count - 1

    def unpack(self, i: int) -> Tensor:
        """Tensor ``i`` of a recomputation (made at the first unpack of each backward pass)."""
        task = current_graph_task()
        if task != self.task:
            self.recompute()
            self.task = task
        if i not in self.recomputed:
            raise RuntimeError(TWICE_MESSAGE)
        return self.recomputed.pop(i)

    def recompute(self) -> None:
        """Run ``function`` again on the saved inputs, keeping every tensor it saves."""
        args = list(self.others)
        for i, t in zip(self.positions, self.saver.saved_tensors, strict=True):
            args[i] = t
        kept: list[Tensor] = []

        def keep(t: Tensor) -> int:
            kept.append(t.detach())
            return len(kept) - 1

        state = creation.get_rng_state()
        if self.rng_state is not None:
            creation.set_rng_state(self.rng_state)
        try:
            with saved_tensors_hooks(keep, lambda i: i), enable_grad():
                self.function(*args, **self.kwargs)
        finally:
            creation.set_rng_state(state)
        if len(kept) != self.count:
            raise RuntimeError(
                "torch.utils.checkpoint: A different number of tensors was saved during the "
                f"original forward and recomputation ({self.count} and {len(kept)}): the "
                "checkpointed function must do the same operations each time it runs"
            )
        self.recomputed = dict(enumerate(kept))
