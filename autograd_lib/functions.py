"""Function forms of the Tensor methods, as in ``torch.exp(x)``, ``torch.matmul(a, b)``."""

from __future__ import annotations

from typing import Any

from autograd_lib.ops.arithmetic import where
from autograd_lib.ops.shape import cat, stack
from autograd_lib.tensor import Tensor


def exp(x: Tensor) -> Tensor:
    """``x.exp()``."""
    return x.exp()


def log(x: Tensor) -> Tensor:
    """``x.log()``."""
    return x.log()


def tanh(x: Tensor) -> Tensor:
    """``x.tanh()``."""
    return x.tanh()


def sigmoid(x: Tensor) -> Tensor:
    """``x.sigmoid()``."""
    return x.sigmoid()


def relu(x: Tensor) -> Tensor:
    """``x.relu()``."""
    return x.relu()


def sqrt(x: Tensor) -> Tensor:
    """``x.sqrt()``."""
    return x.sqrt()


def abs(x: Tensor) -> Tensor:
    """``x.abs()``."""
    return x.abs()


def clamp(x: Tensor, min: float | None = None, max: float | None = None) -> Tensor:
    """``x.clamp(min, max)``."""
    return x.clamp(min, max)


def sum(x: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:
    """``x.sum(dim, keepdim)``."""
    return x.sum(dim, keepdim)


def mean(x: Tensor, dim: Any = None, keepdim: bool = False) -> Tensor:
    """``x.mean(dim, keepdim)``."""
    return x.mean(dim, keepdim)


def max(x: Tensor, dim: int | None = None, keepdim: bool = False) -> Any:
    """``x.max(dim, keepdim)``."""
    return x.max(dim, keepdim)


def matmul(a: Tensor, b: Tensor) -> Tensor:
    """``a @ b``."""
    return a.matmul(b)


def mm(a: Tensor, b: Tensor) -> Tensor:
    """``a.mm(b)`` (2-D only)."""
    return a.mm(b)


def reshape(x: Tensor, shape: Any) -> Tensor:
    """``x.reshape(shape)``."""
    return x.reshape(shape)


def transpose(x: Tensor, dim0: int, dim1: int) -> Tensor:
    """``x.transpose(dim0, dim1)``."""
    return x.transpose(dim0, dim1)


def pow(x: Tensor, exponent: Any) -> Tensor:
    """``x ** exponent``."""
    return x.pow(exponent)



def unbind(x: Tensor, dim: int = 0) -> tuple[Tensor, ...]:
    """``x.unbind(dim)``."""
    return x.unbind(dim)


def split(x: Tensor, split_size_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
    """``x.split(split_size_or_sections, dim)``."""
    return x.split(split_size_or_sections, dim)


def chunk(x: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """``x.chunk(chunks, dim)``."""
    return x.chunk(chunks, dim)


__all__ = [
    "abs", "cat", "chunk", "clamp", "exp", "log", "matmul", "max", "mean", "mm", "pow", "relu", "reshape",
    "sigmoid", "split", "sqrt", "stack", "sum", "tanh", "transpose", "unbind", "where",
]
