"""Weight initialisation, in place, with ``torch.nn.init``'s names and formulas.

Random values come from autograd_lib's generator, so ``autograd_lib.manual_seed`` makes them
repeatable (they are not the same numbers as torch's: copy weights to compare with torch).
"""

from __future__ import annotations

import math

import numpy as np

from autograd_lib import creation
from autograd_lib.tensor import Tensor

__all__ = [
    "calculate_gain", "kaiming_uniform_", "normal_", "ones_", "uniform_", "xavier_uniform_", "zeros_",
]


def _calculate_fan_in_and_fan_out(tensor: Tensor) -> tuple[int, int]:
    """For a weight (out, in, *kernel): fan_in = in * prod(kernel), fan_out = out * prod(kernel)."""
    if tensor.ndim < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    receptive = int(np.prod(tensor.shape[2:])) if tensor.ndim > 2 else 1
    return tensor.shape[1] * receptive, tensor.shape[0] * receptive


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """The recommended gain for an activation: 1 (linear, sigmoid), 5/3 (tanh), sqrt(2) (relu),
    sqrt(2 / (1 + a^2)) (leaky_relu with slope a, default 0.01)."""
    if nonlinearity in ("linear", "identity", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope**2))
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0) -> Tensor:
    """Fill ``tensor`` with samples of U(a, b); returns it."""
    tensor.data[...] = a + (b - a) * creation._generator.random(tensor.shape)
    return tensor


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0) -> Tensor:
    """Fill ``tensor`` with samples of N(mean, std^2); returns it."""
    tensor.data[...] = mean + std * creation._generator.standard_normal(tensor.shape)
    return tensor


def zeros_(tensor: Tensor) -> Tensor:
    """Fill ``tensor`` with 0; returns it."""
    tensor.data[...] = 0
    return tensor


def ones_(tensor: Tensor) -> Tensor:
    """Fill ``tensor`` with 1; returns it."""
    tensor.data[...] = 1
    return tensor


def kaiming_uniform_(
    tensor: Tensor, a: float = 0.0, mode: str = "fan_in", nonlinearity: str = "leaky_relu"
) -> Tensor:
    """He initialisation: U(-bound, bound) with bound = gain * sqrt(3 / fan).

    ``Linear`` uses a = sqrt(5): gain = sqrt(2 / 6), so bound = 1 / sqrt(fan_in).
    """
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    fan = fan_in if mode == "fan_in" else fan_out
    bound = calculate_gain(nonlinearity, a) * math.sqrt(3.0 / fan) if fan > 0 else 0.0
    return uniform_(tensor, -bound, bound)


def xavier_uniform_(tensor: Tensor, gain: float = 1.0) -> Tensor:
    """Glorot initialisation: U(-bound, bound) with bound = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return uniform_(tensor, -bound, bound)
