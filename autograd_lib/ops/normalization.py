"""Normalisation: LayerNormFunction, layer normalisation over the last dimension.

For one row x of length D (the last dimension), with mu = mean(x), var = mean((x - mu)**2) (the
biased variance, as torch.nn.functional.layer_norm) and s = sqrt(var + eps):

    y = (x - mu) / s

The Jacobian of a row is ``dy_i/dx_j = (delta_ij - 1/D - y_i y_j / D) / s``, so for an upstream
gradient g the vector-Jacobian product needs only two row means:

    dL/dx = (g - mean(g) - y * mean(g * y)) / s

Backward recomputes y and s from the saved input with Tensor operations, so it is itself
differentiable (``create_graph=True`` gives correct second derivatives).
"""

from __future__ import annotations

from autograd_lib.function import Function, FunctionCtx
from autograd_lib.tensor import Tensor


def _standardise(x: Tensor, eps: float) -> tuple[Tensor, Tensor]:
    """``(y, s)``: x normalised over its last dimension, and ``s = sqrt(var + eps)`` (keepdim)."""
    centred = x - x.mean(-1, keepdim=True)
    std = ((centred * centred).mean(-1, keepdim=True) + eps).sqrt()
    return centred / std, std


class LayerNormFunction(Function):
    """``(x - mean(x)) / sqrt(var(x) + eps)`` over the last dimension (biased variance, no
    weight or bias): ``torch.nn.functional.layer_norm(x, x.shape[-1:], eps=eps)``."""

    @staticmethod
    def forward(ctx: FunctionCtx, x: Tensor, eps: float = 1e-5) -> Tensor:
        ctx.save_for_backward(x)
        ctx.eps = eps
        y, _ = _standardise(x, eps)
        return y

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor, None]:
        (x,) = ctx.saved_tensors
        y, std = _standardise(x, ctx.eps)
        g = grad_output
        grad_x = (g - g.mean(-1, keepdim=True) - y * (g * y).mean(-1, keepdim=True)) / std
        return grad_x, None
