"""Reductions: Sum, Mean, Max over all dimensions or over ``dim`` (a sorted tuple of ints).

The backward of a reduction spreads the gradient back over the reduced dimensions:
reshape it to the ``keepdim=True`` shape, then ``expand`` it to the input's shape.
"""

from __future__ import annotations

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.tensor import Tensor

Dims = tuple[int, ...] | None


def _kept_shape(shape: tuple[int, ...], dim: Dims) -> tuple[int, ...]:
    """The output shape with ``keepdim=True``: reduced dimensions become 1."""
    if dim is None:
        return (1,) * len(shape)
    return tuple(1 if i in dim else n for i, n in enumerate(shape))


def _axis(dim: Dims) -> Dims:
    """torch treats ``dim=()`` as "all dimensions"; numpy needs ``None`` for that."""
    return None if dim is None or len(dim) == 0 else dim


class Sum(Function):
    """``x.sum(dim, keepdim)``. d/dx = 1 for every element: the gradient is copied back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        return grad.reshape(_kept_shape(ctx.shape, ctx.dim)).expand(ctx.shape), None, None


class Mean(Function):
    """``x.mean(dim, keepdim)``. d/dx = 1 / n, n = number of elements averaged."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: Dims = None, keepdim: bool = False) -> np.ndarray:
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        out = np.mean(x.data, axis=ctx.dim, keepdims=keepdim)
        ctx.count = x.data.size // max(np.size(out), 1) if x.data.size else 0
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        spread, _, _ = Sum.backward(ctx, grad)  # the same ctx.shape and ctx.dim
        return spread / ctx.count, None, None


class Max(Function):
    """``x.max()`` or ``x.max(dim, keepdim) -> (values, indices)``.

    Without ``dim``: the gradient is shared evenly among the elements equal to the maximum.
    With ``dim``: it goes to the position of the argmax (the first maximum), like torch.
    """

    @staticmethod
    def forward(
        ctx: FunctionCtx, x: Tensor, dim: int | None = None, keepdim: bool = False
    ) -> Tensor | tuple[Tensor, Tensor]:
        if dim is None:
            out = Tensor(np.max(x.data))
            ctx.save_for_backward(x, out)
            return out
        values = np.max(x.data, axis=dim, keepdims=keepdim)
        indices = Tensor(np.argmax(x.data, axis=dim, keepdims=keepdim))
        ctx.mark_non_differentiable(indices)
        ctx.save_for_backward(x, indices)
        ctx.dim, ctx.keepdim = dim, keepdim
        return Tensor(values), indices

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor, *_: Tensor) -> tuple[Tensor, None, None]:
        x, saved = ctx.saved_tensors
        if ctx.num_outputs == 1:  # full reduction; ``saved`` is the maximum
            ties = x == saved
            return grad * (ties / ties.sum()), None, None
        indices, dim = saved, ctx.dim
        if not ctx.keepdim:
            grad, indices = grad.unsqueeze(dim), indices.unsqueeze(dim)
        positions = np.arange(x.shape[dim]).reshape([-1] + [1] * (x.ndim - dim - 1))
        one_hot = indices == Tensor(positions)  # (..., n, ...) mask: True at the argmax
        return grad * one_hot, None, None
