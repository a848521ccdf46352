"""Matrix products: MatMul (``np.matmul`` semantics: 1-D, 2-D, batched) and Mm (2-D only).

For ``C = A @ B`` with upstream gradient G: dA = G @ B^T and dB = A^T @ G. A 1-D operand is
treated as a matrix with one row (left) or one column (right), and batch dimensions that were
broadcast are summed back with ``unbroadcast``.
"""

from __future__ import annotations

import numpy as np

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.ops.broadcast import unbroadcast
from autograd_lib.tensor import Tensor

Grad = Tensor | None


class MatMul(Function):
    """``a @ b``. dA = G @ B^T, dB = A^T @ G (with 1-D and batch handling)."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx: FunctionCtx, grad: Tensor) -> tuple[Grad, Grad]:
        a, b = ctx.saved_tensors
        a2 = a.unsqueeze(0) if a.ndim == 1 else a  # (n,) -> (1, n)
        b2 = b.unsqueeze(-1) if b.ndim == 1 else b  # (n,) -> (n, 1)
        if b.ndim == 1:
            grad = grad.unsqueeze(-1)
        if a.ndim == 1:
            grad = grad.unsqueeze(-2)
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = unbroadcast(grad @ b2.mT, a2.shape).reshape(a.shape)
        if ctx.needs_input_grad[1]:
            grad_b = unbroadcast(a2.mT @ grad, b2.shape).reshape(b.shape)
        return grad_a, grad_b


class Mm(MatMul):
    """``a.mm(b)``: product of two matrices, ``(n, k) @ (k, m) -> (n, m)``."""

    @staticmethod
    def forward(ctx: FunctionCtx, a: Tensor, b: Tensor) -> np.ndarray:
        if a.ndim != 2 or b.ndim != 2:
            raise RuntimeError(f"mm: both arguments must be 2-D, got {a.ndim}-D and {b.ndim}-D")
        if a.shape[1] != b.shape[0]:
            raise RuntimeError(
                f"mat1 and mat2 shapes cannot be multiplied "
                f"({a.shape[0]}x{a.shape[1]} and {b.shape[0]}x{b.shape[1]})"
            )
        return MatMul.forward(ctx, a, b)
