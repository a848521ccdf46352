"""A tape of linear operations: the tangent program that ``func.linearize`` stages, and its transpose.

Forward mode computes, beside each value, a tangent that is **linear** in the input's tangent:
``t -> t * cos(x)``, ``(ta, tb) -> ta + tb``, ``t -> t @ W``. The values (``cos(x)``, ``W``) depend
only on the primal point, so they can be computed once and saved. ``linearize`` runs the function
once on Duals whose tangent is a :class:`LinearVar`, a symbol that stands for "some array of this
shape": each operation on it computes nothing and writes one line on a :class:`Tape` instead. What
is left is a short program of a few linear primitives, each with its saved constant:

======================  =====================================  ==========================================
primitive               apply ``t ->``                         transpose ``u ->``
======================  =====================================  ==========================================
``add``                 ``a + b`` (same shape)                 ``(u, u)``
``neg``                 ``-t``                                 ``-u``
``scale``               ``t * c`` (``c`` saved)                ``u * c``
``matmul``              ``t @ M`` or ``M @ t`` (``M`` saved)   ``u @ M^T`` or ``M^T @ u``
``sum``                 ``sum(t, axis)``                       ``u`` copied back along ``axis``
``broadcast``           ``t`` broadcast to a larger shape      ``u`` summed over the broadcast axes
``reshape``             ``t.reshape(shape)``                   ``u.reshape(t.shape)``
``permute``             ``t.transpose(axes)``                  ``u.transpose(inverse axes)``
``index``               ``t[key]``                             zeros, with ``u`` added at ``key``
======================  =====================================  ==========================================

:func:`replay` runs the tape forward on concrete tangents (``J t``, without the function).
:func:`transpose_tape` runs it backward: it visits the lines in reverse order and gives each line's
cotangent to its inputs through the line's transpose rule (``J^T u``, one pass). The transpose of
``t -> <u, L t>`` is the definition: ``<u, L t> = <L^T u, t>`` for every ``t`` and ``u``.

The rules use numpy functions only (``np.sum``, ``np.broadcast_to``, ``@``, ...), so saved constants
and cotangents may also be Duals of an outer forward-mode level: that is forward over reverse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Equation:
    """One line of a tape: ``output = primitive(*inputs)`` with ``params`` (the saved constants)."""

    primitive: str
    inputs: tuple[int, ...]
    output: int
    params: dict[str, Any] = field(default_factory=dict)


class Tape:
    """The lines of a linear program, in the order they were recorded, and each variable's shape."""

    def __init__(self) -> None:
        self.equations: list[Equation] = []
        self.shapes: list[tuple[int, ...]] = []

    def variable(self, shape: Sequence[int]) -> LinearVar:
        """A new variable (an input of the program, or the output of the next line)."""
        self.shapes.append(tuple(shape))
        return LinearVar(self, len(self.shapes) - 1)

    def record(self, primitive: str, inputs: Sequence[LinearVar], out_shape: Sequence[int], **params: Any) -> LinearVar:
        """Append ``primitive(*inputs)`` with ``params``; return its output variable, of ``out_shape``."""
        for var in inputs:
            if var.tape is not self:
                raise ValueError("a linear operation mixes variables of two different tapes")
        out = self.variable(out_shape)
        self.equations.append(Equation(primitive, tuple(v.index for v in inputs), out.index, params))
        return out

    def __len__(self) -> int:
        return len(self.equations)

    def listing(self) -> list[str]:
        """The program, one line per equation: ``v3 = scale(v1)  (3,)``."""
        return [f"v{eq.output} = {eq.primitive}({', '.join(f'v{i}' for i in eq.inputs)})  "
                f"{self.shapes[eq.output]}" for eq in self.equations]


def _is_zero_constant(value: Any) -> bool:
    """True for a concrete array of zeros (the tangent of a constant)."""
    return isinstance(value, np.ndarray | float | int | np.floating) and not np.any(value)


class LinearVar:
    """A symbolic tangent: a variable of a :class:`Tape` that stands for an array of its shape.

    Arithmetic with it records lines on the tape. Only linear operations are allowed: a sum of
    variables, a variable times a constant (a number, an array, or a Dual of an outer level), a
    variable ``@`` a constant matrix, sums, reshapes, transposes, indexing, ``np.where`` with a
    zero branch. A concrete array of zeros (the tangent of a constant) counts as nothing.
    """

    __array_priority__ = 2000

    def __init__(self, tape: Tape, index: int) -> None:
        self.tape = tape
        self.index = index

    @property
    def shape(self) -> tuple[int, ...]:
        return self.tape.shapes[self.index]

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(np.float64)

    def __repr__(self) -> str:
        return f"LinearVar(v{self.index}, shape={self.shape})"

    def __bool__(self) -> bool:
        raise TypeError("a symbolic tangent has no value yet: a linear program cannot branch on it")

    # ------------------------------------------------------------ building blocks
    def _broadcast(self, shape: tuple[int, ...]) -> LinearVar:
        if shape == self.shape:
            return self
        return self.tape.record("broadcast", [self], shape, shape=shape)

    def _record(self, primitive: str, out_shape: Sequence[int], **params: Any) -> LinearVar:
        return self.tape.record(primitive, [self], out_shape, **params)

    # ------------------------------------------------------------ sums
    def __add__(self, other: Any) -> LinearVar:
        if isinstance(other, LinearVar):
            shape = np.broadcast_shapes(self.shape, other.shape)
            return self.tape.record("add", [self._broadcast(shape), other._broadcast(shape)], shape)
        if _is_zero_constant(other):
            return self._broadcast(np.broadcast_shapes(self.shape, np.shape(other)))
        raise TypeError(
            f"a tangent program must be linear: adding a constant ({type(other).__name__}) that is not zero "
            "to a symbolic tangent"
        )

    __radd__ = __add__

    def __neg__(self) -> LinearVar:
        return self._record("neg", self.shape)

    def __pos__(self) -> LinearVar:
        return self

    def __sub__(self, other: Any) -> LinearVar:
        return self + (-other if isinstance(other, LinearVar) else other)

    def __rsub__(self, other: Any) -> LinearVar:
        return (-self) + other

    # ------------------------------------------------------------ products with constants
    def __mul__(self, other: Any) -> LinearVar:
        if isinstance(other, LinearVar):
            raise TypeError("a tangent program must be linear: a product of two symbolic tangents")
        shape = np.broadcast_shapes(self.shape, np.shape(other))
        return self._broadcast(shape)._record("scale", shape, factor=other)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> LinearVar:
        if isinstance(other, LinearVar):
            raise TypeError("a tangent program must be linear: a division by a symbolic tangent")
        return self * (1.0 / other)

    def __matmul__(self, other: Any) -> LinearVar:
        if isinstance(other, LinearVar):
            raise TypeError("a tangent program must be linear: a product of two symbolic tangents")
        return self._record("matmul", _matmul_shape(self.shape, np.shape(other)), matrix=other, side="left")

    def __rmatmul__(self, other: Any) -> LinearVar:
        return self._record("matmul", _matmul_shape(np.shape(other), self.shape), matrix=other, side="right")

    # ------------------------------------------------------------ shapes
    def __getitem__(self, key: Any) -> LinearVar:
        shape = np.empty(self.shape, dtype=np.bool_)[key].shape
        return self._record("index", shape, key=key)

    def reshape(self, *shape: Any) -> LinearVar:
        shape = shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape
        new = np.empty(self.shape, dtype=np.bool_).reshape(shape).shape
        return self._record("reshape", new, shape=new)

    def transpose(self, *axes: Any) -> LinearVar:
        axes = tuple(axes[0]) if len(axes) == 1 and axes[0] is not None else axes
        axes = tuple(range(self.ndim))[::-1] if not axes or axes == (None,) else tuple(a % self.ndim for a in axes)
        return self._record("permute", tuple(self.shape[a] for a in axes), axes=axes)

    @property
    def T(self) -> LinearVar:
        return self.transpose()

    def sum(self, axis: Any = None, keepdims: bool = False) -> LinearVar:
        shape = np.sum(np.empty(self.shape), axis=axis, keepdims=keepdims).shape
        return self._record("sum", shape, axis=axis, keepdims=keepdims)

    # ------------------------------------------------------------ numpy functions
    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """``array * var``, ``array @ var``, ...: the linear ufuncs; any other one is refused."""
        operator = _LINEAR_UFUNCS.get(ufunc) if method == "__call__" and not kwargs else None
        if operator is None:
            raise TypeError(f"np.{ufunc.__name__} is not linear: a tangent program cannot record it")
        return operator(*inputs)

    def __array_function__(self, function: Any, types: Any, args: Any, kwargs: Any) -> Any:
        handler = _NUMPY_FUNCTIONS.get(function)
        if handler is None:
            raise TypeError(f"np.{function.__name__} is not a linear operation a tangent program can record")
        return handler(*args, **kwargs)


def _matmul_shape(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    return np.matmul(np.empty(left), np.empty(right)).shape


def _where(condition: Any, a: Any, b: Any) -> Any:
    """``np.where(c, a, b)`` with symbolic branches: ``a * c + b * (not c)`` (a zero branch drops out)."""
    mask = np.asarray(condition, dtype=bool)
    parts = [branch * np.asarray(keep, dtype=np.float64) for branch, keep in ((a, mask), (b, ~mask))
             if not _is_zero_constant(branch)]
    if not parts:
        return np.zeros(np.broadcast_shapes(mask.shape, np.shape(a), np.shape(b)))
    total = parts[0] if len(parts) == 1 else parts[0] + parts[1]
    return total + np.zeros(np.broadcast_shapes(mask.shape, np.shape(a), np.shape(b)))


def _mean(x: LinearVar, axis: Any = None, keepdims: bool = False, **_: Any) -> LinearVar:
    total = x.sum(axis=axis, keepdims=keepdims)
    return total * (total.size / x.size if x.size else 1.0)


def _refuse(what: str) -> Any:
    raise TypeError(f"a tangent program must be linear: {what}")


_LINEAR_UFUNCS: dict[Any, Callable[..., Any]] = {
    np.add: lambda a, b: a + b if isinstance(a, LinearVar) else b + a,
    np.subtract: lambda a, b: a - b if isinstance(a, LinearVar) else b.__rsub__(a),
    np.multiply: lambda a, b: a * b if isinstance(a, LinearVar) else b * a,
    np.true_divide: lambda a, b: a / b if isinstance(a, LinearVar) else _refuse("a division by a symbolic tangent"),
    np.matmul: lambda a, b: a @ b if isinstance(a, LinearVar) else b.__rmatmul__(a),
    np.negative: lambda a: -a,
    np.positive: lambda a: a,
}
_NUMPY_FUNCTIONS: dict[Any, Callable[..., Any]] = {
    np.sum: lambda x, axis=None, keepdims=False, **_: x.sum(axis=axis, keepdims=keepdims),
    np.mean: _mean,
    np.reshape: lambda x, shape, **_: x.reshape(shape),
    np.transpose: lambda x, axes=None: x.transpose(axes),
    np.swapaxes: lambda x, a, b: x.transpose([b % x.ndim if i == a % x.ndim else a % x.ndim if i == b % x.ndim else i
                                              for i in range(x.ndim)]),
    np.where: _where,
    np.broadcast_to: lambda x, shape, **_: x._broadcast(tuple(shape)),
    np.shape: lambda x: x.shape,
    np.ndim: lambda x: x.ndim,
}


# ---------------------------------------------------------------------- applying the primitives
def _apply_matmul(t: Any, eq: Equation) -> Any:
    return t @ eq.params["matrix"] if eq.params["side"] == "left" else eq.params["matrix"] @ t


APPLY: dict[str, Callable[..., Any]] = {
    "add": lambda eq, a, b: a + b,
    "neg": lambda eq, t: -t,
    "scale": lambda eq, t: t * eq.params["factor"],
    "matmul": lambda eq, t: _apply_matmul(t, eq),
    "sum": lambda eq, t: np.sum(t, axis=eq.params["axis"], keepdims=eq.params["keepdims"]),
    "broadcast": lambda eq, t: np.broadcast_to(t, eq.params["shape"]),
    "reshape": lambda eq, t: np.reshape(t, eq.params["shape"]),
    "permute": lambda eq, t: np.transpose(t, eq.params["axes"]),
    "index": lambda eq, t: t[eq.params["key"]],
}
"""How each primitive computes its output from concrete inputs: ``APPLY[name](equation, *inputs)``."""


def replay(tape: Tape, inputs: Sequence[int], outputs: Sequence[int], tangents: Sequence[Any]) -> list[Any]:
    """Run the tape forward: the output variables' values for the input variables' ``tangents``."""
    values = dict(zip(inputs, tangents, strict=True))
    for eq in tape.equations:
        values[eq.output] = APPLY[eq.primitive](eq, *(values[i] for i in eq.inputs))
    return [values[o] for o in outputs]


# ---------------------------------------------------------------------- the transpose rules
def sum_transpose(u: Any, shape: tuple[int, ...], axis: Any = None, keepdims: bool = False) -> Any:
    """The transpose of ``t -> np.sum(t, axis, keepdims)`` for ``t`` of ``shape``: ``u`` copied back.

    Each summed element received the same ``u``: put the summed axes back (size 1) when they were
    dropped, then broadcast to ``shape``.
    """
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    axes = tuple(sorted(int(a) % len(shape) for a in axes)) if len(shape) else ()
    if not keepdims:
        u = np.expand_dims(u, axes)
    return np.broadcast_to(u, shape)


def broadcast_transpose(u: Any, shape: tuple[int, ...]) -> Any:
    """The transpose of ``t -> np.broadcast_to(t, u.shape)`` for ``t`` of ``shape``: ``u`` summed back.

    An element of ``t`` was copied to every position along the new leading axes and along its
    axes of size 1: its transpose adds those copies' cotangents up.
    """
    leading = np.ndim(u) - len(shape)
    u = np.sum(u, axis=tuple(range(leading)))
    return np.sum(u, axis=tuple(i for i, size in enumerate(shape) if size == 1), keepdims=True)


def _matmul_transpose(u: Any, eq: Equation, shape: tuple[int, ...]) -> Any:
    """``t @ M`` gives ``u @ M^T``; ``M @ t`` gives ``M^T @ u``; a vector counts as a one-row (left)
    or one-column (right) matrix, and stacks that ``t`` shares with ``M`` are summed."""
    matrix, left = eq.params["matrix"], eq.params["side"] == "left"
    m2 = matrix if np.ndim(matrix) > 1 else np.reshape(matrix, (-1, 1) if left else (1, -1))
    t2 = shape if len(shape) > 1 else ((1, *shape) if left else (*shape, 1))
    u2 = np.reshape(u, _matmul_shape(t2, np.shape(m2)) if left else _matmul_shape(np.shape(m2), t2))
    m_t = np.swapaxes(m2, -1, -2)
    full = u2 @ m_t if left else m_t @ u2
    return np.reshape(broadcast_transpose(full, t2), shape)


def _index_transpose(u: Any, eq: Equation, shape: tuple[int, ...]) -> Any:
    """Zeros of ``shape`` with ``u`` added at ``key`` (a key that repeats an element adds twice)."""
    if hasattr(u, "primal") and hasattr(u, "tangent"):  # a Dual of an outer level: part by part
        return type(u)(_index_transpose(u.primal, eq, shape), _index_transpose(u.tangent, eq, shape), u.level)
    out = np.zeros(shape, dtype=np.result_type(u, np.float64))
    np.add.at(out, eq.params["key"], u)
    return out


TRANSPOSE: dict[str, Callable[..., tuple[Any, ...]]] = {
    "add": lambda u, eq, shapes: (u, u),
    "neg": lambda u, eq, shapes: (-u,),
    "scale": lambda u, eq, shapes: (u * eq.params["factor"],),
    "matmul": lambda u, eq, shapes: (_matmul_transpose(u, eq, shapes[0]),),
    "sum": lambda u, eq, shapes: (sum_transpose(u, shapes[0], eq.params["axis"], eq.params["keepdims"]),),
    "broadcast": lambda u, eq, shapes: (broadcast_transpose(u, shapes[0]),),
    "reshape": lambda u, eq, shapes: (np.reshape(u, shapes[0]),),
    "permute": lambda u, eq, shapes: (np.transpose(u, np.argsort(eq.params["axes"])),),
    "index": lambda u, eq, shapes: (_index_transpose(u, eq, shapes[0]),),
}
"""Each primitive's transpose rule: ``TRANSPOSE[name](u, equation, input_shapes)`` gives one
cotangent per input of the line, from the cotangent ``u`` of its output."""


def transpose_tape(tape: Tape, inputs: Sequence[int], outputs: Sequence[int], cotangents: Sequence[Any]) -> list[Any]:
    """Run the tape backward: ``L^T u`` for the cotangents ``u`` of the output variables.

    The lines are visited in reverse order, so a variable's cotangent is complete (every line that
    reads it has given its share) before its own line passes it on. Cotangents that meet are added.
    An input that no output depends on gets zeros.
    """
    pending: dict[int, Any] = {}
    for var, u in zip(outputs, cotangents, strict=True):
        pending[var] = u if var not in pending else pending[var] + u
    for eq in reversed(tape.equations):
        if eq.output not in pending:
            continue
        u = pending.pop(eq.output)
        shapes = [tape.shapes[i] for i in eq.inputs]
        for var, share in zip(eq.inputs, TRANSPOSE[eq.primitive](u, eq, shapes), strict=True):
            pending[var] = share if var not in pending else pending[var] + share
    return [pending.get(var, np.zeros(tape.shapes[var])) for var in inputs]


__all__ = ["APPLY", "TRANSPOSE", "Equation", "LinearVar", "Tape", "broadcast_transpose", "replay",
           "sum_transpose", "transpose_tape"]
