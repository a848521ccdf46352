"""In-place operations: the Functions behind ``add_``, ``sub_``, ``mul_``, ``div_``, ``zero_``,
``fill_``, ``copy_``, ``uniform_`` and ``normal_``.

Each Function writes into the memory of its first input, calls ``ctx.mark_dirty`` on it and
returns it. ``Function.apply`` then bumps the tensor's version (so a graph that saved the old
value notices, see ``FunctionCtx.saved_tensors``) and, when recording, makes this call the
tensor's new ``grad_fn``. The Tensor methods first check what PyTorch checks:

- ``check_inplace``: a leaf that requires grad may not be changed in place while the graph is
  recorded (it may under ``no_grad``, which is how optimizers update parameters);
- the result must fit the tensor: same shape after broadcasting, a dtype it can be cast to, and
  memory that can be written (not a broadcast view made by ``expand``).

A view (``x[1:3]``, ``x.t()``, ``x.view(...)``) shares its base's version counter; an in-place
change through it rewrites the base's graph (``autograd_lib.views``, PyTorch's ``CopySlices``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.grad_mode import is_grad_enabled
from autograd_lib.inference import check_inplace_not_inference
from autograd_lib.tensor import Tensor
from autograd_lib.views import check_overlap, check_view_inplace

Grad = Tensor | None

LEAF_MESSAGE = "a leaf Variable that requires grad is being used in an in-place operation."

_TORCH_NAMES = {"float64": "Double", "float32": "Float", "float16": "Half", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    if is_grad_enabled() and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)


def check_target(tensor: Tensor, other: Tensor | None = None) -> None:
    """The result of an in-place op must fit ``tensor``: writable memory, the same shape after
    broadcasting with ``other``, and a dtype that can be cast to ``tensor.dtype``."""
    if not tensor.data.flags.writeable:
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation."
        )
    if other is None:
        return
    try:
        shape = np.broadcast_shapes(tensor.shape, other.shape)
    except ValueError:
        raise RuntimeError(
            f"the shape {list(other.shape)} cannot be broadcast to the shape {list(tensor.shape)} "
            "of the tensor changed in place"
        ) from None
    if shape != tensor.shape:
        raise RuntimeError(
            f"output with shape {list(tensor.shape)} doesn't match the broadcast shape {list(shape)}"
        )
    result = np.result_type(tensor.dtype, other.dtype)
    if not np.can_cast(result, tensor.dtype, casting="same_kind"):
        raise RuntimeError(
            f"result type {_TORCH_NAMES.get(result.name, result.name)} can't be cast to the "
            f"desired output type {_TORCH_NAMES.get(tensor.dtype.name, tensor.dtype.name)}"
        )


def apply_inplace(function: type[Function], tensor: Tensor, *args: Any) -> Tensor:
    """``function.apply(tensor, *args)`` after the checks above and those of a view (its base is
    not a parameter; an operand does not overlap the written memory in part)."""
    other = next((a for a in args if isinstance(a, Tensor)), None)
    check_inplace_not_inference(tensor)
    # first: a view made under no_grad looks like a leaf that requires grad
    check_view_inplace(tensor, other is not None and other.requires_grad)
    check_inplace(tensor)
    check_target(tensor, other)
    if other is not None:
        check_overlap(tensor, other)
    return function.apply(tensor, *args)


class AddInplace(Function):
    """``a += alpha * b`` in place. d/d(old a) = 1, d/db = alpha."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor, alpha: float = 1) -> Tensor:
        ctx.alpha = alpha
        a.data += b.data if alpha == 1 else alpha * b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad, None]:
        return grad, grad if ctx.alpha == 1 else grad * ctx.alpha, None


class MulInplace(Function):
    """``a *= b`` in place. d/d(old a) = b, d/db = old a (a copy kept before overwriting)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        old_a = a.clone() if ctx.needs_input_grad[1] else None
        ctx.save_for_backward(old_a, b)
        a.data *= b.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, Tensor | None]:
        old_a, b = ctx.saved_tensors
        grad_a = grad * b if ctx.needs_input_grad[0] else None
        grad_b = grad * old_a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


class DivInplace(Function):
    """``a /= b`` in place. d/d(old a) = 1 / b, d/db = -old a / b**2 = -(new a) / b."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> Tensor:
        with np.errstate(divide="ignore", invalid="ignore"):
            a.data /= b.data
        ctx.mark_dirty(a)
        ctx.save_for_backward(a, b)  # a is the output: saved at its new version, with its new value
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        new_a, b = ctx.saved_tensors
        grad_a = grad / b if ctx.needs_input_grad[0] else None
        grad_b = -grad * new_a / b if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


class FillInplace(Function):
    """Every element of ``a`` set to ``value``. The old values do not matter: d/d(old a) = 0."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, value: float) -> Tensor:
        a.data[...] = value
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, None]:
        return Tensor(np.zeros(grad.shape, dtype=grad.dtype)), None


class ZeroInplace(Function):
    """Every element of ``a`` set to 0. d/d(old a) = 0."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor) -> Tensor:
        a.data[...] = 0
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Grad:
        return Tensor(np.zeros(grad.shape, dtype=grad.dtype))


class CopyInplace(Function):
    """``a[...] = src`` (broadcast). d/d(old a) = 0, d/d(src) = 1 (summed back to its shape)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, src: Tensor) -> Tensor:
        a.data[...] = src.data
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        return Tensor(np.zeros(grad.shape, dtype=grad.dtype)), grad


class RandomInplace(Function):
    """``a`` filled with samples: ``kind`` is ``"uniform"`` (on [low, high)) or ``"normal"``
    (mean, std). The old values do not matter: d/d(old a) = 0."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, kind: str, p: float, q: float) -> Tensor:
        from autograd_lib import creation  # the generator that manual_seed sets (nn.init's formulas)

        if kind == "uniform":
            a.data[...] = p + (q - p) * creation._generator.random(a.shape)
        else:
            a.data[...] = p + q * creation._generator.standard_normal(a.shape)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, None, None, None]:
        return Tensor(np.zeros(grad.shape, dtype=grad.dtype)), None, None, None
