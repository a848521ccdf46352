"""Creating tensors: ``tensor``, ``zeros``, ``ones``, ``randn``, ``rand``, ``arange``, ``*_like``,
and ``manual_seed``, ``get_rng_state``, ``set_rng_state`` for the module-level random generator.

Dtypes follow numpy: Python floats give float64 (torch would give float32: a deliberate
difference, because gradcheck needs float64), Python ints give int64, numpy arrays keep theirs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.tensor import Tensor, _shape_args

float32 = np.dtype(np.float32)
float64 = np.dtype(np.float64)
int32 = np.dtype(np.int32)
int64 = np.dtype(np.int64)

_generator = np.random.default_rng(0)


def manual_seed(seed: int) -> np.random.Generator:
    """Reseed the generator used by ``randn`` and ``rand``; returns it."""
    global _generator
    _generator = np.random.default_rng(seed)
    return _generator


def get_rng_state() -> dict[str, Any]:
    """The state of the generator used by ``randn`` and ``rand`` (numpy's ``bit_generator.state``;
    torch's ``get_rng_state`` gives a byte tensor instead)."""
    return _generator.bit_generator.state


def set_rng_state(state: dict[str, Any]) -> None:
    """Put the generator back in a state ``get_rng_state`` gave: it draws the same numbers again."""
    _generator.bit_generator.state = state


def tensor(data: Any, requires_grad: bool = False, dtype: Any = None) -> Tensor:
    """A new leaf tensor holding a copy of ``data`` (a number, nested lists, an array or a
    Tensor)."""
    if isinstance(data, Tensor):
        data = data.data
    return Tensor(np.array(data, dtype=dtype), requires_grad=requires_grad)


def zeros(*size: Any, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """A tensor of zeros; ``zeros(2, 3)`` or ``zeros((2, 3))``. Default dtype float64."""
    return Tensor(np.zeros(_shape_args(size), dtype=dtype or float64), requires_grad=requires_grad)


def ones(*size: Any, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """A tensor of ones; ``ones(2, 3)`` or ``ones((2, 3))``. Default dtype float64."""
    return Tensor(np.ones(_shape_args(size), dtype=dtype or float64), requires_grad=requires_grad)


def randn(*size: Any, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """Samples of the standard normal distribution (seed with ``manual_seed``)."""
    data = _generator.standard_normal(_shape_args(size)).astype(dtype or float64)
    return Tensor(data, requires_grad=requires_grad)


def rand(*size: Any, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """Samples of the uniform distribution on [0, 1) (seed with ``manual_seed``)."""
    data = _generator.random(_shape_args(size)).astype(dtype or float64)
    return Tensor(data, requires_grad=requires_grad)


def zeros_like(t: Tensor, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """Zeros with the shape (and, by default, dtype) of ``t``."""
    return Tensor(np.zeros(t.shape, dtype=dtype or t.dtype), requires_grad=requires_grad)


def ones_like(t: Tensor, dtype: Any = None, requires_grad: bool = False) -> Tensor:
    """Ones with the shape (and, by default, dtype) of ``t``."""
    return Tensor(np.ones(t.shape, dtype=dtype or t.dtype), requires_grad=requires_grad)


def arange(
    start: float, end: float | None = None, step: float = 1, *, dtype: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """Values ``start, start + step, ...`` below ``end`` (``arange(n)`` is 0..n-1, int64)."""
    if end is None:
        start, end = 0, start
    return Tensor(np.arange(start, end, step, dtype=dtype), requires_grad=requires_grad)
