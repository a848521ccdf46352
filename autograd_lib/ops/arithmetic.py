"""Elementwise arithmetic with broadcasting: Add, Sub, Mul, Div, Neg, Pow, Where.

Each backward multiplies the incoming gradient by the local derivative, then sums it back to
the input's shape with ``unbroadcast`` (the inputs may have been broadcast).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.ops.broadcast import unbroadcast
from autograd_lib.tensor import Tensor

Grad = Tensor | None


class Add(Function):
    """``a + b``. d/da = 1, d/db = 1."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.a_shape, ctx.b_shape = a.shape, b.shape
        return a.data + b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        return unbroadcast(grad, ctx.a_shape), unbroadcast(grad, ctx.b_shape)


class Sub(Function):
    """``a - b``. d/da = 1, d/db = -1."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.a_shape, ctx.b_shape = a.shape, b.shape
        return a.data - b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        grad_b = unbroadcast(-grad, ctx.b_shape) if ctx.needs_input_grad[1] else None
        return unbroadcast(grad, ctx.a_shape), grad_b


class Mul(Function):
    """``a * b``. d/da = b, d/db = a."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad * b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(grad * a, b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


class Div(Function):
    """``a / b``. d/da = 1 / b, d/db = -a / b**2."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a.data / b.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        grad_a = unbroadcast(grad / b, a.shape) if ctx.needs_input_grad[0] else None
        grad_b = unbroadcast(-grad * a / (b * b), b.shape) if ctx.needs_input_grad[1] else None
        return grad_a, grad_b


class Neg(Function):
    """``-a``. d/da = -1."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor) -> np.ndarray:
        return -a.data

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> Tensor:
        return -grad


class Pow(Function):
    """``base ** exponent``; the exponent is a number or a Tensor.

    d/dbase = exponent * base ** (exponent - 1);  d/dexponent = base ** exponent * log(base)
    (taken as 0 where base == 0 and exponent >= 0, as torch does). With a Tensor exponent the
    output is saved too (as torch saves ``result``), for the exponent's gradient.
    """

    @staticmethod
    def forward(ctx: FunctionCtx, base: Tensor, exponent: Tensor | float) -> Tensor | np.ndarray:
        if isinstance(exponent, Tensor):
            with np.errstate(divide="ignore", invalid="ignore"):
                out = Tensor(base.data**exponent.data)
            ctx.save_for_backward(base, exponent, out)
            return out
        ctx.save_for_backward(base, None)
        ctx.exponent = exponent
        with np.errstate(divide="ignore", invalid="ignore"):
            return base.data**exponent

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        saved = ctx.saved_tensors
        base, exponent = saved[0], saved[1]
        if exponent is None:  # a constant exponent
            if ctx.exponent == 0:
                return grad * 0.0, None
            return grad * ctx.exponent * base ** (ctx.exponent - 1), None
        grad_base = grad_exp = None
        if ctx.needs_input_grad[0]:
            local = where(exponent == 0, 0.0, exponent * base ** (exponent - 1))
            grad_base = unbroadcast(grad * local, base.shape)
        if ctx.needs_input_grad[1]:
            safe_log = where((base == 0) & (exponent >= 0), 0.0, base.log())
            grad_exp = unbroadcast(grad * saved[2] * safe_log, exponent.shape)
        return grad_base, grad_exp


class Where(Function):
    """``condition ? a : b`` elementwise. d/da = condition, d/db = not condition."""

    @staticmethod
    def forward(ctx: FunctionCtx, condition: Tensor, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(condition)
        ctx.a_shape, ctx.b_shape = a.shape, b.shape
        return np.where(condition.data, a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[None, Grad, Grad]:
        (condition,) = ctx.saved_tensors
        zero = Tensor(np.zeros((), dtype=grad.dtype))
        grad_a = unbroadcast(Where.apply(condition, grad, zero), ctx.a_shape)
        grad_b = unbroadcast(Where.apply(condition, zero, grad), ctx.b_shape)
        return None, grad_a, grad_b


def where(condition: Any, input: Any, other: Any) -> Tensor:
    """Elementwise ``input`` where ``condition`` is true, else ``other`` (broadcast together)."""
    condition = condition if isinstance(condition, Tensor) else Tensor(np.asarray(condition))
    ref = input if isinstance(input, Tensor) else other
    a = ref._wrap(input) if isinstance(ref, Tensor) else Tensor(np.asarray(input))
    b = ref._wrap(other) if isinstance(ref, Tensor) else Tensor(np.asarray(other))
    return Where.apply(condition, a, b)
