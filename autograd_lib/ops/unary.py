"""Elementwise functions of one tensor: Exp, Log, Tanh, Sigmoid, ReLU, Sqrt, Abs, Clamp,
and the copies Clone and ToDtype. Backward = incoming gradient * local derivative."""

from __future__ import annotations

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.tensor import Tensor


class Exp(Function):
    """``e ** x``. d/dx = e ** x (the output, saved)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(over="ignore"):
            out = Tensor(np.exp(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out


class Log(Function):
    """``log(x)``. d/dx = 1 / x."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> np.ndarray:
        ctx.save_for_backward(x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(x.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (x,) = ctx.saved_tensors
        return grad / x


class Tanh(Function):
    """``tanh(x)``. d/dx = 1 - tanh(x) ** 2."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        out = Tensor(np.tanh(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * (1 - out * out)


class Sigmoid(Function):
    """``s = 1 / (1 + e ** -x)`` (computed without overflow). d/dx = s * (1 - s)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        e = np.exp(-np.abs(x.data))  # in (0, 1]: no overflow on either side
        out = Tensor(np.where(x.data >= 0, 1 / (1 + e), e / (1 + e)))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * out * (1 - out)


class ReLU(Function):
    """``max(x, 0)``. d/dx = 1 where x > 0, else 0: where the output (saved, as torch does) is > 0."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        out = Tensor(np.maximum(x.data, 0))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad * (out > 0)


class Sqrt(Function):
    """``sqrt(x)``. d/dx = 1 / (2 sqrt(x))."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> Tensor:
        with np.errstate(invalid="ignore"):
            out = Tensor(np.sqrt(x.data))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (out,) = ctx.saved_tensors
        return grad / (2 * out)


class Abs(Function):
    """``|x|``. d/dx = sign(x) (0 at 0, like torch)."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> np.ndarray:
        ctx.save_for_backward(x)
        return np.abs(x.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        (x,) = ctx.saved_tensors
        return grad * x.sign()


class Clamp(Function):
    """``min(max(x, lo), hi)``. d/dx = 1 where lo <= x <= hi (bounds included), else 0."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, lo: float | None, hi: float | None) -> np.ndarray:
        if lo is None and hi is None:
            raise RuntimeError("clamp: At least one of 'min' or 'max' must not be None")
        ctx.save_for_backward(x)
        ctx.lo, ctx.hi = lo, hi
        return np.clip(x.data, lo, hi)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None, None]:
        (x,) = ctx.saved_tensors
        inside = Tensor(np.ones(x.shape, dtype=bool))
        if ctx.lo is not None:
            inside = inside & (x >= ctx.lo)
        if ctx.hi is not None:
            inside = inside & (x <= ctx.hi)
        return grad * inside, None, None


class Clone(Function):
    """A copy. d/dx = 1."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor) -> np.ndarray:
        return x.data.copy()

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        return grad


class ToDtype(Function):
    """A copy with another dtype. The gradient is cast back to the input's dtype."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, dtype: np.dtype) -> np.ndarray:
        ctx.input_dtype = x.dtype
        return x.data.astype(dtype)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Tensor, None]:
        return grad.to(ctx.input_dtype), None
