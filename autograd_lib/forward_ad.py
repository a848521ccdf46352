"""Forward-mode differentiation: dual tensors that carry a value and its directional derivative.

Reverse mode (``backward``) runs the program, then sends gradients from the output back to the
inputs: one pass gives a whole row of the Jacobian, ``v^T J``. Forward mode sends a **tangent**
along with every value, in the same pass as the values. Write a dual number as
``primal + tangent * eps`` with ``eps ** 2 = 0``; Taylor's theorem then stops after one term::

    f(p + t eps) = f(p) + f'(p) t eps

so each op maps ``(primal, tangent)`` to ``(f(primal), f'(primal) * tangent)``, and one forward pass
gives a Jacobian-vector product ``J t`` (a column of the Jacobian when ``t`` is a unit vector).
Every rule below states its derivative in its docstring.

Names follow ``torch.autograd.forward_ad`` (``dual_level``, ``make_dual``, ``unpack_dual``) and
``torch.func.jvp``. ``hvp`` (a Hessian-vector product by double backward, as
``torch.autograd.functional.hvp``) lives here too: it completes chapter 12, "higher order and
forward mode".

Differences from torch, on purpose: a dual is its own small class, ``Dual`` (a numpy ``primal``
and a numpy ``tangent`` of the same shape), not a Tensor; it has the arithmetic operators and the
methods ``exp``, ``log``, ``tanh``, ``sigmoid``, ``relu``, ``sin``, ``cos``, ``sqrt``, ``pow``,
``sum``, ``mean``, ``reshape``, ``transpose``, ``t``/``T``, ``matmul`` and indexing, so a function
written with those methods runs on Duals, on autograd_lib Tensors and on torch tensors alike.
Broadcasting needs no special rule in forward mode: tangents broadcast exactly as the values do.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

import numpy as np

from autograd_lib.creation import zeros_like
from autograd_lib.engine import grad
from autograd_lib.tensor import Tensor

_level_ids = itertools.count()
_active_level: int | None = None


class Dual:
    """A value and its tangent (a directional derivative), two numpy arrays of one shape.

    ``Dual(primal, tangent)`` stands for ``primal + tangent * eps`` with ``eps ** 2 = 0``. Each
    operation returns a new Dual whose tangent follows the chain rule. Created inside
    ``dual_level()``, a Dual belongs to that level, and ``unpack_dual`` gives its tangent only
    while the level is open.
    """

    __array_ufunc__ = None  # ``ndarray * Dual`` calls ``Dual.__rmul__``
    __array_priority__ = 1000

    def __init__(self, primal: Any, tangent: Any, level: int | None = None) -> None:
        primal = np.asarray(primal)
        if primal.dtype.kind != "f":
            primal = primal.astype(np.float64)
        tangent = np.asarray(tangent, dtype=primal.dtype)
        if tangent.shape != primal.shape:
            raise ValueError(
                f"a Dual needs a tangent of the primal's shape: primal {primal.shape}, "
                f"tangent {tangent.shape}"
            )
        self.primal: np.ndarray = primal
        self.tangent: np.ndarray = tangent
        self.level = _active_level if level is None else level

    # ------------------------------------------------------------------ array attributes
    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the primal (and of the tangent)."""
        return self.primal.shape

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return self.primal.ndim

    @property
    def dtype(self) -> np.dtype:
        """The numpy dtype of primal and tangent."""
        return self.primal.dtype

    def dim(self) -> int:
        """The number of dimensions."""
        return self.primal.ndim

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d Dual")
        return self.shape[0]

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        raise TypeError(
            "a Dual cannot become a numpy array (its tangent would be lost); use "
            "unpack_dual(x) or x.primal, and put the Dual on the left of an operator with a Tensor"
        )

    def __repr__(self) -> str:
        primal = np.array2string(self.primal, separator=", ")
        tangent = np.array2string(self.tangent, separator=", ")
        return f"Dual(primal={primal}, tangent={tangent})"

    # ------------------------------------------------------------------ operators
    def __add__(self, other: Any) -> Dual:
        return add(self, other)

    def __radd__(self, other: Any) -> Dual:
        return add(other, self)

    def __sub__(self, other: Any) -> Dual:
        return sub(self, other)

    def __rsub__(self, other: Any) -> Dual:
        return sub(other, self)

    def __mul__(self, other: Any) -> Dual:
        return mul(self, other)

    def __rmul__(self, other: Any) -> Dual:
        return mul(other, self)

    def __truediv__(self, other: Any) -> Dual:
        return div(self, other)

    def __rtruediv__(self, other: Any) -> Dual:
        return div(other, self)

    def __pow__(self, exponent: Any) -> Dual:
        return pow(self, exponent)

    def __rpow__(self, base: Any) -> Dual:
        return pow(base, self)

    def __matmul__(self, other: Any) -> Dual:
        return matmul(self, other)

    def __rmatmul__(self, other: Any) -> Dual:
        return matmul(other, self)

    def __neg__(self) -> Dual:
        return neg(self)

    def __pos__(self) -> Dual:
        return self

    def __getitem__(self, index: Any) -> Dual:
        """``x[index]``: indexing is linear, so the tangent is indexed the same way."""
        return _linear(lambda a: a[index], self)

    # ------------------------------------------------------------------ methods, as on Tensor
    def exp(self) -> Dual:
        """``forward_ad.exp(self)``."""
        return exp(self)

    def log(self) -> Dual:
        """``forward_ad.log(self)``."""
        return log(self)

    def tanh(self) -> Dual:
        """``forward_ad.tanh(self)``."""
        return tanh(self)

    def sigmoid(self) -> Dual:
        """``forward_ad.sigmoid(self)``."""
        return sigmoid(self)

    def relu(self) -> Dual:
        """``forward_ad.relu(self)``."""
        return relu(self)

    def sin(self) -> Dual:
        """``forward_ad.sin(self)``."""
        return sin(self)

    def cos(self) -> Dual:
        """``forward_ad.cos(self)``."""
        return cos(self)

    def sqrt(self) -> Dual:
        """``forward_ad.sqrt(self)``."""
        return sqrt(self)

    def pow(self, exponent: Any) -> Dual:
        """``self ** exponent``."""
        return pow(self, exponent)

    def matmul(self, other: Any) -> Dual:
        """``self @ other``."""
        return matmul(self, other)

    def mm(self, other: Any) -> Dual:
        """``self @ other`` for 2-D operands."""
        if self.ndim != 2 or np.ndim(other.primal if isinstance(other, Dual) else other) != 2:
            raise RuntimeError("mm: both operands must be 2-D")
        return matmul(self, other)

    def sum(self, dim: Any = None, keepdim: bool = False) -> Dual:
        """``forward_ad.sum(self, dim, keepdim)``."""
        return sum(self, dim, keepdim)

    def mean(self, dim: Any = None, keepdim: bool = False) -> Dual:
        """``forward_ad.mean(self, dim, keepdim)``."""
        return mean(self, dim, keepdim)

    def reshape(self, *shape: Any) -> Dual:
        """``forward_ad.reshape(self, shape)`` (``x.reshape(2, 3)`` or ``x.reshape((2, 3))``)."""
        return reshape(self, shape[0] if len(shape) == 1 else shape)

    view = reshape

    def transpose(self, dim0: int, dim1: int) -> Dual:
        """``forward_ad.transpose(self, dim0, dim1)``."""
        return transpose(self, dim0, dim1)

    def t(self) -> Dual:
        """The transpose of a matrix (a 0-d or 1-d Dual is returned as is, as in torch)."""
        return self if self.ndim < 2 else transpose(self, 0, 1)

    @property
    def T(self) -> Dual:
        """All dimensions reversed."""
        return _linear(np.transpose, self)


DualLike = Dual | Tensor | np.ndarray | float
"""What the rules accept: a Dual, or a constant (Tensor, array or number) whose tangent is 0."""


def as_dual(x: DualLike) -> Dual:
    """``x`` as a Dual: a Dual unchanged; a constant (number, array, Tensor) with a zero tangent."""
    if isinstance(x, Dual):
        return x
    primal = x.data if isinstance(x, Tensor) else np.asarray(x)
    return Dual(primal, np.zeros(primal.shape))  # Dual casts both to one float dtype


# ---------------------------------------------------------------------- the rules
def add(a: DualLike, b: DualLike) -> Dual:
    """d(a + b) = da + db."""
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal + b.primal, a.tangent + b.tangent)


def sub(a: DualLike, b: DualLike) -> Dual:
    """d(a - b) = da - db."""
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal - b.primal, a.tangent - b.tangent)


def neg(x: DualLike) -> Dual:
    """d(-x) = -dx."""
    x = as_dual(x)
    return Dual(-x.primal, -x.tangent)


def mul(a: DualLike, b: DualLike) -> Dual:
    """d(a * b) = da * b + a * db (the product rule)."""
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def div(a: DualLike, b: DualLike) -> Dual:
    """d(a / b) = da / b - a * db / b**2 = (da - (a / b) * db) / b."""
    a, b = as_dual(a), as_dual(b)
    value = a.primal / b.primal
    return Dual(value, (a.tangent - value * b.tangent) / b.primal)


def pow(a: DualLike, b: DualLike) -> Dual:
    """``a ** b``. A constant exponent c: d(a**c) = c * a**(c-1) * da (the power rule).

    A dual exponent: d(a**b) = b * a**(b-1) * da + a**b * log(a) * db (needs a > 0 where db != 0).
    """
    a = as_dual(a)
    if not isinstance(b, Dual):
        c = b.data if isinstance(b, Tensor) else np.asarray(b)
        return Dual(a.primal**c, c * a.primal ** (c - 1) * a.tangent)
    value = a.primal**b.primal
    with np.errstate(divide="ignore", invalid="ignore"):
        log_a = np.where(b.tangent != 0, np.log(np.where(b.tangent != 0, a.primal, 1)), 0)
    return Dual(value, b.primal * a.primal ** (b.primal - 1) * a.tangent + value * log_a * b.tangent)


def exp(x: DualLike) -> Dual:
    """d(e**x) = e**x * dx."""
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def log(x: DualLike) -> Dual:
    """d log(x) = dx / x."""
    x = as_dual(x)
    return Dual(np.log(x.primal), x.tangent / x.primal)


def tanh(x: DualLike) -> Dual:
    """d tanh(x) = (1 - tanh(x)**2) * dx."""
    x = as_dual(x)
    value = np.tanh(x.primal)
    return Dual(value, (1 - value * value) * x.tangent)


def sigmoid(x: DualLike) -> Dual:
    """s = 1 / (1 + e**-x) (computed without overflow); ds = s * (1 - s) * dx."""
    x = as_dual(x)
    e = np.exp(-np.abs(x.primal))
    value = np.where(x.primal >= 0, 1 / (1 + e), e / (1 + e))
    return Dual(value, value * (1 - value) * x.tangent)


def relu(x: DualLike) -> Dual:
    """d max(x, 0) = (x > 0) * dx.

    The tangent passes where the value is positive and is 0 elsewhere (at 0 too, as in torch).
    """
    x = as_dual(x)
    return Dual(np.maximum(x.primal, 0), np.where(x.primal > 0, x.tangent, 0))


def sin(x: DualLike) -> Dual:
    """d sin(x) = cos(x) * dx."""
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def cos(x: DualLike) -> Dual:
    """d cos(x) = -sin(x) * dx."""
    x = as_dual(x)
    return Dual(np.cos(x.primal), -np.sin(x.primal) * x.tangent)


def sqrt(x: DualLike) -> Dual:
    """d sqrt(x) = dx / (2 sqrt(x))."""
    x = as_dual(x)
    value = np.sqrt(x.primal)
    return Dual(value, x.tangent / (2 * value))


def matmul(a: DualLike, b: DualLike) -> Dual:
    """d(A @ B) = dA @ B + A @ dB (the product rule, in the order of the factors)."""
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)


def _linear(f: Callable[[np.ndarray], np.ndarray], x: DualLike) -> Dual:
    """A linear map L (sum, reshape, transpose, indexing): d(L x) = L dx."""
    x = as_dual(x)
    return Dual(f(x.primal), f(x.tangent))


def _axes(dim: Any) -> Any:
    return tuple(dim) if isinstance(dim, list) else dim


def sum(x: DualLike, dim: Any = None, keepdim: bool = False) -> Dual:
    """d sum(x) = sum(dx).

    Over the same dimensions as the value: a sum is linear, so it acts on the tangent as on the value.
    """
    return _linear(lambda a: np.sum(a, axis=_axes(dim), keepdims=keepdim), x)


def mean(x: DualLike, dim: Any = None, keepdim: bool = False) -> Dual:
    """d mean(x) = mean(dx).

    Over the same dimensions as the value: a mean is linear, so it acts on the tangent as on the value.
    """
    return _linear(lambda a: np.mean(a, axis=_axes(dim), keepdims=keepdim), x)


def reshape(x: DualLike, shape: Any) -> Dual:
    """d reshape(x) = reshape(dx): the tangent takes the new shape too."""
    return _linear(lambda a: np.reshape(a, shape), x)


def transpose(x: DualLike, dim0: int, dim1: int) -> Dual:
    """d transpose(x) = transpose(dx), dimensions ``dim0`` and ``dim1`` swapped."""
    return _linear(lambda a: np.swapaxes(a, dim0, dim1), x)


# ---------------------------------------------------------------------- torch's interface
@contextmanager
def dual_level() -> Iterator[int]:
    """Open a level of forward AD (``with dual_level(): ...``); yields its id.

    ``make_dual`` works only inside a level, and ``unpack_dual`` returns a tangent only while its
    level is open: on exit the tangents are dropped, as in torch. Levels do not nest.
    """
    global _active_level
    if _active_level is not None:
        raise RuntimeError("Nested forward mode AD is not supported: close the open dual_level first")
    _active_level = next(_level_ids)
    try:
        yield _active_level
    finally:
        _active_level = None


def make_dual(tensor: Any, tangent: Any) -> Dual:
    """A Dual with primal ``tensor`` and ``tangent`` (same shape), inside ``dual_level()``."""
    if _active_level is None:
        raise RuntimeError(
            "Trying to create a dual Tensor for forward AD but no level exists, make sure to "
            "enter a dual_level() first."
        )
    primal = tensor.data if isinstance(tensor, Tensor) else np.asarray(tensor)
    tangent = tangent.data if isinstance(tangent, Tensor) else np.asarray(tangent)
    if tangent.shape != primal.shape:
        raise RuntimeError(
            f"Trying to set a forward gradient that has a different size than that of the "
            f"original Tensor: tensor {list(primal.shape)}, tangent {list(tangent.shape)}"
        )
    return Dual(primal, tangent)


class UnpackedDualTensor(NamedTuple):
    """What ``unpack_dual`` returns: the primal and the tangent (``None`` when there is none)."""

    primal: Tensor
    tangent: Tensor | None


def unpack_dual(tensor: Any) -> UnpackedDualTensor:
    """``(primal, tangent)`` of a Dual as Tensors; ``(tensor, None)`` for anything else.

    The tangent is ``None`` also for a Dual whose ``dual_level`` has been closed.
    """
    if not isinstance(tensor, Dual):
        return UnpackedDualTensor(tensor if isinstance(tensor, Tensor) else Tensor(np.asarray(tensor)), None)
    alive = tensor.level is not None and tensor.level == _active_level
    return UnpackedDualTensor(Tensor(tensor.primal), Tensor(tensor.tangent) if alive else None)


def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """``(func(*primals), J @ tangents)`` in one forward pass, like ``torch.func.jvp``.

    ``primals`` and ``tangents`` are tuples of the same length (each tangent shaped like its
    primal). If ``func`` returns a tuple, both results are tuples; an output that does not depend
    on the inputs has a zero tangent.
    """
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError(
            f"jvp: expected one tangent per primal, got {len(primals)} primals and {len(tangents)} tangents"
        )
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)


def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """``(func(inputs), H @ v)``, H the Hessian of the scalar ``func`` at ``inputs``.

    Like ``torch.autograd.functional.hvp`` for one input Tensor. Reverse over reverse: the
    gradient ``g`` is computed with ``create_graph=True``, so it is itself differentiable, and
    H v = d(g . v)/dx, since v does not depend on x. When ``g`` does not depend on x (``func`` is
    linear), H = 0: either ``g . v`` is a constant, or it depends on x only through nothing (a
    ``v`` that requires grad), and ``materialize_grads`` gives the zeros.
    """
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).sum()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x, materialize_grads=True)
    return output.detach(), hv


__all__ = [
    "Dual", "DualLike", "UnpackedDualTensor", "add", "as_dual", "cos", "div", "dual_level", "exp",
    "hvp", "jvp", "log", "make_dual", "matmul", "mean", "mul", "neg", "pow", "relu", "reshape",
    "sigmoid", "sin", "sqrt", "sub", "sum", "tanh", "transpose", "unpack_dual",
]
