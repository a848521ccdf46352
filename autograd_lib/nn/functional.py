"""Stateless building blocks of networks, with ``torch.nn.functional``'s names and semantics.

Layers: ``linear`` (on ``LinearFunction``), ``layer_norm`` (on ``LayerNormFunction``),
activations ``relu``, ``tanh``, ``sigmoid``, ``softmax``, ``log_softmax``; losses ``mse_loss``,
``nll_loss``, ``cross_entropy``. Everything is written with Tensor operations, so gradients (and
gradients of gradients) come from the engine.
"""

from __future__ import annotations

import numpy as np

from autograd_lib.nn.linear_function import LinearFunction
from autograd_lib.ops.normalization import LayerNormFunction
from autograd_lib.tensor import Tensor

__all__ = [
    "LayerNormFunction", "LinearFunction", "cross_entropy", "layer_norm", "linear", "log_softmax",
    "mse_loss", "nll_loss", "relu", "sigmoid", "softmax", "tanh",
]

_REDUCTIONS = ("mean", "sum", "none")


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight, bias).squeeze(0)
    return LinearFunction.apply(input, weight, bias)


def layer_norm(
    input: Tensor,
    normalized_shape: int | tuple[int, ...],
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """``(x - mean) / sqrt(var + eps) * weight + bias`` over the last dimension (biased variance).

    ``normalized_shape`` must be the last dimension (an int or a 1-tuple), as in
    ``torch.nn.functional.layer_norm`` with one normalised dimension; the normalisation is
    ``LayerNormFunction``, whose backward is written by hand; ``weight`` and ``bias`` (shape
    ``normalized_shape``) are applied with Tensor operations.
    """
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if len(shape) != 1 or input.ndim == 0 or shape[0] != input.shape[-1]:
        raise RuntimeError(
            f"layer_norm: normalized_shape {list(shape)} must be the last dimension of the input "
            f"(input of shape {list(input.shape)}); only one normalised dimension is supported"
        )
    output = LayerNormFunction.apply(input, eps)
    if weight is not None:
        output = output * weight
    if bias is not None:
        output = output + bias
    return output


def relu(input: Tensor) -> Tensor:
    """``max(input, 0)`` elementwise; d/dx = 1 where x > 0, else 0."""
    return input.relu()


def tanh(input: Tensor) -> Tensor:
    """``tanh(input)`` elementwise; d/dx = 1 - tanh(x)^2."""
    return input.tanh()


def sigmoid(input: Tensor) -> Tensor:
    """``1 / (1 + exp(-input))`` elementwise; d/dx = s (1 - s)."""
    return input.sigmoid()


def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = x_i - log(sum_j exp(x_j)) = (x_i - m) - log(sum_j exp(x_j - m)) for any m.
    With m = max_j x_j every exponent is <= 0, so nothing overflows and the sum is >= 1, so the
    log is finite: logits of size 1000 are fine. m is a constant (``detach``) because the result
    does not depend on it.
    """
    shifted = input - input.max(dim, keepdim=True).values.detach()
    return shifted - shifted.exp().sum(dim, keepdim=True).log()


def softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``exp(x_i) / sum_j exp(x_j)`` along ``dim`` (shifted by the max, so it never overflows)."""
    exps = (input - input.max(dim, keepdim=True).values.detach()).exp()
    return exps / exps.sum(dim, keepdim=True)


def _reduce(loss: Tensor, reduction: str) -> Tensor:
    """Apply ``reduction``: 'mean' (default), 'sum', or 'none' (the per-element losses)."""
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction (expected one of {_REDUCTIONS})")


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean squared error ``mean((input - target)^2)``; input and target of the same shape."""
    if input.shape != target.shape:
        raise ValueError(
            f"mse_loss: input shape {tuple(input.shape)} and target shape {tuple(target.shape)} differ"
        )
    return _reduce((input - target) ** 2, reduction)


def nll_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Negative log-likelihood: ``-mean_n input[n, target[n]]``.

    input (N, C) log-probabilities (e.g. from ``log_softmax``); target (N,) class indices in
    [0, C), an integer Tensor or array.
    """
    classes = np.asarray(target.data if isinstance(target, Tensor) else target)
    if input.ndim != 2 or classes.shape != (input.shape[0],):
        raise ValueError(
            f"nll_loss expects input (N, C) and target (N,); got {tuple(input.shape)} and {classes.shape}"
        )
    if not np.issubdtype(classes.dtype, np.integer):
        raise TypeError(f"nll_loss: target must hold integer class indices, got dtype {classes.dtype}")
    if classes.size and (classes.min() < 0 or classes.max() >= input.shape[1]):
        raise IndexError(f"nll_loss: target {int(classes.max())} is out of bounds for {input.shape[1]} classes")
    return _reduce(-input[np.arange(input.shape[0]), classes], reduction)


def cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Cross-entropy of logits and class indices: ``nll_loss(log_softmax(input, 1), target)``.

    input (N, C) unnormalised scores; target (N,) integers in [0, C). Per sample:
    loss_n = -x[n, t_n] + log(sum_j exp(x[n, j])); the gradient w.r.t. x is softmax(x) - onehot(t)
    (divided by N for 'mean').
    """
    return nll_loss(log_softmax(input, 1), target, reduction)
