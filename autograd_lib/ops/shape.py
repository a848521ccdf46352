"""Shape operations: Reshape, Transpose, Permute, Expand, Unsqueeze, Squeeze, Index, IndexPut,
AsStrided, Cat, Unbind and Split (several outputs, each a view), and
``copy_slices_backward`` (the gradient of an in-place change through a view).

They move elements without changing them, so backward moves the gradient back: the inverse
reshape/transpose/permute, a sum for ``expand`` (``unbroadcast``), a scatter-add for indexing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.ops.broadcast import unbroadcast
from autograd_lib.tensor import Tensor


class Reshape(Function):
    """``x.reshape(shape)``. Backward: reshape the gradient to ``x.shape``."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, shape: tuple[int, ...]) -> np.ndarray:
        ctx.shape = x.shape
        return np.reshape(x.data, shape)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return grad.reshape(ctx.shape), None


class Transpose(Function):
    """``x.transpose(dim0, dim1)``: swap two dimensions. Backward: swap them back."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim0: int, dim1: int) -> np.ndarray:
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        return grad.transpose(*ctx.dims), None, None


class Permute(Function):
    """``x.permute(dims)``. Backward: permute by the inverse permutation."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dims: tuple[int, ...]) -> np.ndarray:
        ctx.inverse = tuple(int(i) for i in np.argsort([d % max(x.ndim, 1) for d in dims]))
        return np.transpose(x.data, dims)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return grad.permute(*ctx.inverse), None


class Expand(Function):
    """``x.expand(shape)``: broadcast without copying. Backward: sum back (``unbroadcast``)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, shape: tuple[int, ...]) -> np.ndarray:
        ctx.shape = x.shape
        return np.broadcast_to(x.data, shape)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return unbroadcast(grad, ctx.shape), None


class Unsqueeze(Function):
    """``x.unsqueeze(dim)``: insert a size-1 dimension. Backward: remove it."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: int) -> np.ndarray:
        ctx.dim = dim if dim >= 0 else dim + x.ndim + 1
        return np.expand_dims(x.data, ctx.dim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return grad.squeeze(ctx.dim), None


class Squeeze(Function):
    """``x.squeeze(dim=None)``: drop size-1 dimensions. Backward: reshape to ``x.shape``."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: int | None = None) -> np.ndarray:
        ctx.shape = x.shape
        if dim is None:
            return np.squeeze(x.data)
        if x.ndim == 0 or x.shape[dim] != 1:
            return x.data  # torch: squeezing a dimension that is not 1 is a no-op
        return np.squeeze(x.data, axis=dim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return grad.reshape(ctx.shape), None


class Index(Function):
    """``x[key]`` (basic and integer-array indexing). Backward: add the gradient into a zero
    tensor of ``x.shape`` at ``key`` (``IndexPut``); repeated indices accumulate."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, key: Any) -> np.ndarray:
        ctx.shape, ctx.key = x.shape, key
        return x.data[key]

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return IndexPut.apply(grad, ctx.key, ctx.shape), None


class IndexPut(Function):
    """``zeros(shape)`` with ``values`` added at ``key`` (``np.add.at``, so repeated indices
    accumulate). The gradient of ``Index``; its own backward is ``grad[key]``."""

    @staticmethod
    def forward(ctx: FunctionCtx, values: Tensor, key: Any, shape: tuple[int, ...]) -> np.ndarray:
        ctx.key = key
        out = np.zeros(shape, dtype=values.dtype)
        np.add.at(out, key, values.data)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        return grad[ctx.key], None, None


class AsStrided(Function):
    """A view read out of its base at an index map (``autograd_lib.views``): the ``grad_fn`` a
    view gets after an in-place change through it or its base. ``data`` is the view's own array
    (no copy). Backward: the view's gradient put back at the flat positions ``index`` it reads,
    zeros elsewhere (positions read twice, as in ``expand``, add up)."""

    @staticmethod
    def forward(ctx: FunctionCtx, base: Tensor, index: np.ndarray, data: np.ndarray) -> np.ndarray:
        ctx.index, ctx.shape = index, base.shape
        return data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        size = int(np.prod(ctx.shape, dtype=np.int64))
        return IndexPut.apply(grad, ctx.index, (size,)).reshape(ctx.shape), None, None


def copy_slices_backward(grad: Tensor, fn: FunctionCtx, index: np.ndarray) -> tuple[Tensor | None, ...]:
    """The chain rule of an in-place change through a view, for ``CopySlices``.

    ``grad``: the gradient of the new base, shape ``S``. ``fn``: the node of the in-place call on
    the view (``fn.apply(g)`` gives one gradient per tensor input of that call: the view's old
    value first, then the other operands). ``index``: the view's index map (the flat positions of
    the base that the view reads, an int array of the view's shape). Returns the gradient of the
    old base (shape ``S``), then ``fn``'s gradients of the other operands:

        G = grad.reshape(-1);  r = fn.apply(G[index])
        old base: G outside the window, r[0] inside it (zeros where r[0] is None)

    ``grad`` is not changed (it may be shared), and ``fn`` runs once; everything is a Tensor
    operation, so the result can be differentiated again.
    """
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    keep = np.ones(flat.shape, dtype=flat.dtype)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep)
    if results[0] is not None:
        base_grad = base_grad + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])


class Cat(Function):
    """``cat(tensors, dim)``: join along ``dim``. Backward: cut the gradient into the pieces."""

    @staticmethod
    def forward(ctx: FunctionCtx, dim: int, *tensors: Tensor) -> np.ndarray:
        ctx.dim = dim
        ctx.bounds = np.cumsum([0] + [t.shape[dim] for t in tensors])
        return np.concatenate([t.data for t in tensors], axis=dim)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor | None, ...]:
        before = (slice(None),) * (ctx.dim % grad.ndim)
        pieces = tuple(
            grad[before + (slice(int(lo), int(hi)),)]
            for lo, hi in zip(ctx.bounds[:-1], ctx.bounds[1:], strict=True)
        )
        return (None, *pieces)

class Unbind(Function):
    """``x.unbind(dim)``: the slices along ``dim``, one output each (numpy views of ``x``).
    Backward: the gradients stacked along ``dim`` (an unused output's gradient is zeros)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dim: int) -> tuple[np.ndarray, ...]:
        ctx.dim = dim
        return tuple(x.data[(slice(None),) * dim + (i,)]
                     for i in range(x.shape[dim]))

    @staticmethod
    def backward(ctx: FunctionCtx, *grads: Tensor) -> tuple[Tensor, None]:
        return stack(grads, ctx.dim), None


class Split(Function):
    """``x.split(size, dim)`` and ``x.chunk(n, dim)``: consecutive pieces along ``dim`` whose
    lengths are ``sizes`` (numpy views of ``x``). Backward: the gradients joined along ``dim``."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, sizes: tuple[int, ...], dim: int) -> tuple[np.ndarray, ...]:
        ctx.dim = dim
        bounds = np.cumsum((0, *sizes))
        return tuple(x.data[(slice(None),) * dim + (slice(int(lo), int(hi)),)]
                     for lo, hi in zip(bounds[:-1], bounds[1:], strict=True))

    @staticmethod
    def backward(ctx: FunctionCtx, *grads: Tensor) -> tuple[Tensor, None, None]:
        return cat(grads, ctx.dim), None, None


class SplitWithSizes(Split):
    """``x.split([sizes], dim)``: as ``Split``, under torch's name for a list of sizes."""



def cat(tensors: Any, dim: int = 0) -> Tensor:
    """Concatenate tensors of equal shape except along ``dim`` (``torch.cat``)."""
    return Cat.apply(dim, *tensors)


def stack(tensors: Any, dim: int = 0) -> Tensor:
    """Stack tensors of equal shape along a new dimension ``dim`` (``torch.stack``)."""
    tensors = list(tensors)
    dim = dim if dim >= 0 else dim + tensors[0].ndim + 1
    return cat([t.unsqueeze(dim) for t in tensors], dim)
