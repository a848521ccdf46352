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
from autograd_lib.linear_tape import LinearVar
from autograd_lib.tensor import Tensor

_level_ids = itertools.count()
_open_levels: list[int] = []  # innermost last


def _innermost() -> int | None:
    """The id of the innermost open level, or None outside every level."""
    return _open_levels[-1] if _open_levels else None


class Dual:
    """A value and its tangent (a directional derivative), two numpy arrays of one shape.

    ``Dual(primal, tangent)`` stands for ``primal + tangent * eps`` with ``eps ** 2 = 0``. Each
    operation returns a new Dual whose tangent follows the chain rule. Created inside
    ``dual_level()``, a Dual belongs to that level, and ``unpack_dual`` gives its tangent only
    while the level is open.
    """

    __array_priority__ = 1000

    def __init__(self, primal: Any, tangent: Any, level: int | None = None) -> None:
        if not isinstance(primal, Dual):  # a Dual primal: a value that carries an outer level's tangent
            primal = np.asarray(primal)
            if primal.dtype.kind != "f":
                primal = primal.astype(np.float64)
        if not isinstance(tangent, Dual | LinearVar):  # LinearVar: a symbolic tangent (linearize)
            tangent = np.asarray(tangent, dtype=primal.dtype)
        if tangent.shape != primal.shape:
            raise ValueError(
                f"a Dual needs a tangent of the primal's shape: primal {primal.shape}, "
                f"tangent {tangent.shape}"
            )
        self.primal: Any = primal
        self.tangent: Any = tangent
        self.level = _innermost() if level is None else level

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
        return _lifted(add, self, other)

    def __radd__(self, other: Any) -> Dual:
        return _lifted(add, other, self)

    def __sub__(self, other: Any) -> Dual:
        return _lifted(sub, self, other)

    def __rsub__(self, other: Any) -> Dual:
        return _lifted(sub, other, self)

    def __mul__(self, other: Any) -> Dual:
        return _lifted(mul, self, other)

    def __rmul__(self, other: Any) -> Dual:
        return _lifted(mul, other, self)

    def __truediv__(self, other: Any) -> Dual:
        return _lifted(div, self, other)

    def __rtruediv__(self, other: Any) -> Dual:
        return _lifted(div, other, self)

    def __pow__(self, exponent: Any) -> Dual:
        return _lifted(pow, self, exponent)

    def __rpow__(self, base: Any) -> Dual:
        return _lifted(pow, base, self)

    def __matmul__(self, other: Any) -> Dual:
        return _lifted(matmul, self, other)

    def __rmatmul__(self, other: Any) -> Dual:
        return _lifted(matmul, other, self)

    def __neg__(self) -> Dual:
        return _lifted(neg, self)

    def __pos__(self) -> Dual:
        return self

    def __getitem__(self, index: Any) -> Dual:
        """``x[index]``: indexing is linear, so the tangent is indexed the same way."""
        return _lifted(lambda x: _linear(lambda a: a[index], x), self)

    # ------------------------------------------------------------------ methods, as on Tensor
    def exp(self) -> Dual:
        """``forward_ad.exp(self)``."""
        return _lifted(exp, self)

    def log(self) -> Dual:
        """``forward_ad.log(self)``."""
        return _lifted(log, self)

    def tanh(self) -> Dual:
        """``forward_ad.tanh(self)``."""
        return _lifted(tanh, self)

    def sigmoid(self) -> Dual:
        """``forward_ad.sigmoid(self)``."""
        return _lifted(sigmoid, self)

    def relu(self) -> Dual:
        """``forward_ad.relu(self)``."""
        return _lifted(relu, self)

    def sin(self) -> Dual:
        """``forward_ad.sin(self)``."""
        return _lifted(sin, self)

    def cos(self) -> Dual:
        """``forward_ad.cos(self)``."""
        return _lifted(cos, self)

    def sqrt(self) -> Dual:
        """``forward_ad.sqrt(self)``."""
        return _lifted(sqrt, self)

    def pow(self, exponent: Any) -> Dual:
        """``self ** exponent``."""
        return _lifted(pow, self, exponent)

    def matmul(self, other: Any) -> Dual:
        """``self @ other``."""
        return _lifted(matmul, self, other)

    def mm(self, other: Any) -> Dual:
        """``self @ other`` for 2-D operands."""
        if self.ndim != 2 or np.ndim(other.primal if isinstance(other, Dual) else other) != 2:
            raise RuntimeError("mm: both operands must be 2-D")
        return _lifted(matmul, self, other)

    def sum(self, dim: Any = None, keepdim: bool = False) -> Dual:
        """``forward_ad.sum(self, dim, keepdim)``."""
        return _lifted(lambda x: sum(x, dim, keepdim), self)

    def mean(self, dim: Any = None, keepdim: bool = False) -> Dual:
        """``forward_ad.mean(self, dim, keepdim)``."""
        return _lifted(lambda x: mean(x, dim, keepdim), self)

    def reshape(self, *shape: Any) -> Dual:
        """``forward_ad.reshape(self, shape)`` (``x.reshape(2, 3)`` or ``x.reshape((2, 3))``)."""
        return _lifted(lambda x: reshape(x, shape[0] if len(shape) == 1 else shape), self)

    view = reshape

    def transpose(self, dim0: int, dim1: int) -> Dual:
        """``forward_ad.transpose(self, dim0, dim1)``."""
        return _lifted(lambda x: transpose(x, dim0, dim1), self)

    def t(self) -> Dual:
        """The transpose of a matrix (a 0-d or 1-d Dual is returned as is, as in torch)."""
        return self if self.ndim < 2 else self.transpose(0, 1)

    @property
    def T(self) -> Dual:
        """All dimensions reversed."""
        return _lifted(lambda x: _linear(np.transpose, x), self)

    # ------------------------------------------------------------------ comparisons (of the values)
    def __gt__(self, other: Any) -> np.ndarray:
        return _value(self) > _value(other)

    def __ge__(self, other: Any) -> np.ndarray:
        return _value(self) >= _value(other)

    def __lt__(self, other: Any) -> np.ndarray:
        return _value(self) < _value(other)

    def __le__(self, other: Any) -> np.ndarray:
        return _value(self) <= _value(other)

    # ------------------------------------------------------------------ numpy on Duals
    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """``np.exp(dual)``, ``array * dual``, ...: the rule of that operation (so a Dual can be the
        primal or the tangent of a Dual of an inner level, and the rules, written with numpy, nest)."""
        if method != "__call__" or kwargs or any(isinstance(x, LinearVar) for x in inputs):
            return NotImplemented
        if ufunc in _UFUNC_RULES:
            return _lifted(_UFUNC_RULES[ufunc], *inputs)
        if ufunc in (np.maximum, np.minimum):
            a, b = inputs
            keep_a = _value(a) >= _value(b) if ufunc is np.maximum else _value(a) <= _value(b)
            return np.where(keep_a, a, b)
        if ufunc in _VALUE_UFUNCS:
            return ufunc(*(_value(x) for x in inputs))
        return NotImplemented

    def __array_function__(self, function: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """``np.sum(dual)``, ``np.where(mask, dual, 0)``, ...: linear functions act on both parts."""
        if function in (np.shape, np.ndim, np.size):
            return function(np.empty(args[0].shape))
        if function is np.where:
            return _where(*args, **kwargs)
        if function in _LINEAR_FUNCTIONS:
            x, *rest = args
            return _lifted(lambda d: _linear(lambda a: function(a, *rest, **kwargs), d), x)
        return NotImplemented


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
    used = b.tangent != 0 if isinstance(b.tangent, np.ndarray) else np.ones(b.shape, dtype=bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_a = np.where(used, np.log(np.where(used, a.primal, 1)), 0)
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
    value = np.where(_value(x) >= 0, 1 / (1 + e), e / (1 + e))
    return Dual(value, value * (1 - value) * x.tangent)


def relu(x: DualLike) -> Dual:
    """d max(x, 0) = (x > 0) * dx.

    The tangent passes where the value is positive and is 0 elsewhere (at 0 too, as in torch).
    """
    x = as_dual(x)
    positive = _value(x) > 0
    return Dual(np.where(positive, x.primal, 0), np.where(positive, x.tangent, 0))


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


def absolute(x: DualLike) -> Dual:
    """d |x| = sign(x) * dx (0 at x = 0, as in torch)."""
    x = as_dual(x)
    return Dual(np.abs(x.primal), np.sign(_value(x)) * x.tangent)


# ---------------------------------------------------------------------- levels: jvps that nest
def _value(x: Any) -> np.ndarray:
    """The plain value of ``x``: the primal of the primal ... of a Dual, as a numpy array."""
    while isinstance(x, Dual):
        x = x.primal
    return x.data if isinstance(x, Tensor) else np.asarray(x)


def _level_of(x: Any) -> int:
    return x.level if isinstance(x, Dual) and x.level is not None else -1


def _lifted(rule: Callable[..., Dual], *args: Any) -> Dual:
    """``rule(*args)`` at the innermost level among the arguments.

    Two jvps that nest give their inputs two levels. An operation between a Dual of the inner level
    and a Dual of an outer one must not add their tangents (that is *perturbation confusion*): the
    outer Dual is a constant for the inner level, so it becomes the primal of an inner Dual with a
    zero tangent. The rule then sees one level only; its result belongs to that level, and its
    primal and tangent may themselves be Duals of the outer level (numpy on them runs the rules
    again, one level down). Every operator and method of Dual goes through here.
    """
    if any(isinstance(a, LinearVar) for a in args):
        return NotImplemented  # ``dual * symbolic tangent``: the LinearVar records it (a saved Dual)
    top = max(_level_of(a) for a in args)
    if top < 0:
        return rule(*args)
    out = rule(*(Dual(a, np.zeros(a.shape), top) if isinstance(a, Dual) and _level_of(a) < top else a
                 for a in args))
    out.level = top
    return out


def _where(condition: Any, a: Any, b: Any) -> Any:
    """``np.where(condition, a, b)`` with Duals: on the primals and on the tangents."""
    mask = _value(condition).astype(bool)
    level = max((x for x in (a, b) if isinstance(x, Dual)), key=_level_of).level
    a, b = (x if isinstance(x, Dual) else _constant(x, level) for x in (a, b))
    return _lifted(lambda x, y: Dual(np.where(mask, x.primal, y.primal), np.where(mask, x.tangent, y.tangent)), a, b)


def _constant(x: Any, level: int | None) -> Dual:
    """A constant as a Dual of ``level`` (a zero tangent)."""
    dual = as_dual(x)
    dual.level = level
    return dual


_UFUNC_RULES: dict[Any, Callable[..., Dual]] = {
    np.add: add, np.subtract: sub, np.multiply: mul, np.true_divide: div, np.power: pow, np.matmul: matmul,
    np.negative: neg, np.positive: lambda x: x, np.exp: exp, np.log: log, np.sin: sin, np.cos: cos,
    np.tanh: tanh, np.sqrt: sqrt, np.absolute: absolute,
}
_VALUE_UFUNCS = (np.greater, np.greater_equal, np.less, np.less_equal, np.equal, np.not_equal, np.sign,
                 np.isfinite, np.isnan)
_LINEAR_FUNCTIONS = (np.sum, np.mean, np.reshape, np.swapaxes, np.transpose, np.expand_dims, np.broadcast_to)


# ---------------------------------------------------------------------- torch's interface
@contextmanager
def dual_level() -> Iterator[int]:
    """Open a level of forward AD (``with dual_level(): ...``); yields its id.

    ``make_dual`` works only inside a level, and ``unpack_dual`` returns a tangent only while its
    level is open: on exit the tangents are dropped, as in torch. Levels nest: an inner level's
    Duals may have Duals of the outer level as primal and tangent (a jvp of a jvp).
    """
    level = next(_level_ids)
    _open_levels.append(level)
    try:
        yield level
    finally:
        _open_levels.remove(level)


def _kept(value: Any) -> Any:
    """An array for a Tensor or a plain value; a Dual (of an outer level) or a LinearVar as it is."""
    if isinstance(value, Dual | LinearVar):
        return value
    return value.data if isinstance(value, Tensor) else np.asarray(value)


def _wrapped(value: Any) -> Any:
    """A Tensor for an array; a Dual of an outer level (or a LinearVar) as it is."""
    return value if isinstance(value, Dual | LinearVar) else Tensor(np.asarray(value))


def make_dual(tensor: Any, tangent: Any) -> Dual:
    """A Dual with primal ``tensor`` and ``tangent`` (same shape), inside ``dual_level()``."""
    if _innermost() is None:
        raise RuntimeError(
            "Trying to create a dual Tensor for forward AD but no level exists, make sure to "
            "enter a dual_level() first."
        )
    primal, tangent = _kept(tensor), _kept(tangent)
    if tangent.shape != primal.shape:
        raise RuntimeError(
            f"Trying to set a forward gradient that has a different size than that of the "
            f"original Tensor: tensor {list(primal.shape)}, tangent {list(tangent.shape)}"
        )
    return Dual(primal, tangent)


class UnpackedDualTensor(NamedTuple):
    """What ``unpack_dual`` returns: the primal and the tangent (``None`` when there is none)."""

    primal: Any
    tangent: Any


def unpack_dual(tensor: Any, *, level: int | None = None) -> UnpackedDualTensor:
    """``(primal, tangent)`` of a Dual at ``level`` (the innermost open one by default), as Tensors;
    ``(tensor, None)`` for anything else.

    The tangent is ``None`` also for a Dual whose ``dual_level`` has been closed. A Dual of an
    outer level that is still open is a constant for the inner level: it comes back whole, as the
    primal, with tangent ``None``. Parts that are Duals of an outer level stay Duals.
    """
    if not isinstance(tensor, Dual):
        return UnpackedDualTensor(tensor if isinstance(tensor, Tensor) else Tensor(np.asarray(tensor)), None)
    level = _innermost() if level is None else level
    if tensor.level is not None and tensor.level == level:
        return UnpackedDualTensor(_wrapped(tensor.primal), _wrapped(tensor.tangent))
    if tensor.level in _open_levels:
        return UnpackedDualTensor(tensor, None)
    return UnpackedDualTensor(_wrapped(tensor.primal), None)


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
    "Dual", "DualLike", "UnpackedDualTensor", "absolute", "add", "as_dual", "cos", "div", "dual_level", "exp",
    "hvp", "jvp", "log", "make_dual", "matmul", "mean", "mul", "neg", "pow", "relu", "reshape",
    "sigmoid", "sin", "sqrt", "sub", "sum", "tanh", "transpose", "unpack_dual",
]
