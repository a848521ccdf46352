"""Function transforms, in the spirit of ``torch.func`` and JAX's Autodidax.

A transform takes a function and returns a function:

- ``linearize(func, *primals)`` gives ``(func(*primals), jvp_fn)``, where ``jvp_fn(*tangents)``
  is the **linear** map ``t -> J t`` of ``func`` at ``primals`` (forward mode, chapter 12). It
  is *staged*: ``func`` runs once, on Duals whose tangents are symbols (``linear_tape.LinearVar``);
  what depends on the primals only is computed then, and what is linear in the tangent is
  recorded as a short program of linear primitives (a ``linear_tape.Tape``). ``jvp_fn`` replays
  that program; it never calls ``func``.
- ``transpose(linear_fn)`` gives the transpose ``L^T`` of a linear map ``L``, defined by
  ``<u, L t> = <L^T u, t>`` for every ``t`` and ``u``. For a map that ``linearize`` staged, it
  walks the tape backwards, each primitive by its own transpose rule: one pass, whatever the
  number of inputs. For any other linear function it falls back to ``transpose_by_columns``.
- ``transpose_by_columns(linear_fn, *primals)`` builds ``L^T u`` from the columns of ``L``'s
  matrix: column ``j`` is ``L(e_j)``, so ``(L^T u)_j = <u, L(e_j)>``, one call of ``L`` per input
  element.
- ``vjp(func, *primals)`` is ``transpose`` after ``linearize``: ``u -> u^T J``, what reverse mode
  computes, in one forward pass (``linearize``) and one backward pass (the transposed tape). This
  is Autodidax's view: reverse mode is forward mode, linearized and transposed.
- ``vmap(func, in_dims=0, out_dims=0)`` maps ``func`` over a batch dimension without a Python
  loop: each operation gets a **batching rule** that says where the batch dimension goes
  (``Batched``, for a handful of operations: arithmetic with broadcasting, unary functions, ``sum``
  and ``mean`` over a dimension, ``@``, ``reshape``, ``transpose``, ``T`` and indexing).

The primals may be Duals of an open forward-mode level: ``jvp`` of a function that calls ``vjp``
is forward over reverse (a Hessian-vector product).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from autograd_lib.forward_ad import Dual, dual_level, make_dual, unpack_dual
from autograd_lib.linear_tape import LinearVar, Tape, replay, transpose_tape
from autograd_lib.tensor import Tensor


def _array(value: Any) -> np.ndarray:
    return value.data if isinstance(value, Tensor) else np.asarray(value, dtype=np.float64)


def _shape(value: Any) -> tuple[int, ...]:
    return tuple(value.shape) if isinstance(value, Tensor | Dual) else np.shape(value)


def _given(value: Any) -> Any:
    """A tangent or cotangent as an array (a Dual of an outer level stays a Dual)."""
    return value if isinstance(value, Dual) else _array(value)


def _result(value: Any) -> Any:
    """A Tensor (a fresh array: a broadcast view may be read-only); a Dual stays a Dual."""
    return value if isinstance(value, Dual) else Tensor(np.array(value, dtype=np.float64))


class LinearMap:
    """The linear map ``t -> J t`` that ``linearize`` staged: a tape, its input and output variables.

    Calling it replays the tape on the tangents (``J t``); ``transposed(u)`` runs the tape backward
    (``J^T u``). Neither calls the function that was linearized. An output that does not depend on
    the inputs has no variable (``None``): its tangent is zeros and it sends nothing back.
    """

    def __init__(self, tape: Tape, inputs: list[LinearVar], outputs: list[Any], single: bool) -> None:
        self.tape = tape
        self.inputs = inputs
        self.outputs = outputs  # a LinearVar, or the output's shape when it is constant
        self.single = single

    def __call__(self, *tangents: Any) -> Any:
        if len(tangents) != len(self.inputs):
            raise RuntimeError(f"the linear map takes one tangent per primal: {len(self.inputs)}, got {len(tangents)}")
        tangents = tuple(_given(t) for t in tangents)
        for t, var in zip(tangents, self.inputs, strict=True):
            if _shape(t) != var.shape:
                raise ValueError(f"a tangent of shape {_shape(t)} for a primal of shape {var.shape}")
        live = [o.index for o in self.outputs if isinstance(o, LinearVar)]
        values = iter(replay(self.tape, [v.index for v in self.inputs], live, tangents))
        outs = tuple(_result(next(values)) if isinstance(o, LinearVar) else Tensor(np.zeros(o))
                     for o in self.outputs)
        return outs[0] if self.single else outs

    def transposed(self, cotangents: Any) -> tuple[Any, ...]:
        """``L^T u``: one Tensor per primal, for one cotangent per output (a tuple for several)."""
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        if len(us) != len(self.outputs):
            raise RuntimeError(f"the transpose takes one cotangent per output: {len(self.outputs)}, got {len(us)}")
        pairs = [(o.index, _given(u)) for o, u in zip(self.outputs, us, strict=True) if isinstance(o, LinearVar)]
        sent = transpose_tape(self.tape, [v.index for v in self.inputs], [i for i, _ in pairs], [u for _, u in pairs])
        return tuple(_result(s) for s in sent)


def linearize(func: Callable[..., Any], *primals: Any) -> tuple[Any, LinearMap]:
    """``(func(*primals), jvp_fn)``: ``jvp_fn(*tangents)`` is ``J t``, linear in the tangents
    (one tangent per primal, of its shape), like ``torch.func.linearize``.

    ``func`` runs once, on Duals whose tangents are symbols: the tangent rules record the linear
    part on a tape instead of computing it. ``jvp_fn`` replays the tape and never calls ``func``.
    """
    tape = Tape()
    inputs = [tape.variable(_shape(p)) for p in primals]
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, inputs, strict=True)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    staged = [tangent if isinstance(tangent, LinearVar) else _shape(primal) for primal, tangent in pairs]
    return (values[0] if single else values), LinearMap(tape, inputs, staged, single)


def transpose(linear_fn: Callable[..., Any], *primals: Any) -> Callable[[Any], tuple[Any, ...]]:
    """The transpose ``u -> L^T u`` of the linear map ``linear_fn``.

    A map made by ``linearize`` is transposed rule by rule: its tape runs backward once (the
    primals are not needed). Any other linear function is transposed by ``transpose_by_columns``,
    which needs ``primals`` for the shapes of its inputs.
    """
    if isinstance(linear_fn, LinearMap):
        return linear_fn.transposed
    return transpose_by_columns(linear_fn, *primals)


def transpose_by_columns(linear_fn: Callable[..., Any], *primals: Any) -> Callable[[Any], tuple[Tensor, ...]]:
    """The transpose of the linear map ``linear_fn`` (inputs shaped like ``primals``), column by column.

    ``linear_fn`` takes one array per primal and returns a Tensor or a tuple of Tensors. The
    result maps cotangents ``u`` (one per output, of its shape; a single one for a single output)
    to one Tensor per primal: entry ``j`` of input ``k`` is ``sum over outputs <u, L(e)>`` with
    ``e`` the basis vector that is 1 at element ``j`` of input ``k``, zeros elsewhere.
    """
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents: Any) -> tuple[Tensor, ...]:
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        for k, shape in enumerate(shapes):
            entries = np.zeros(int(np.prod(shape, dtype=np.int64)))
            for j in range(entries.size):
                basis = [np.zeros(s) for s in shapes]
                basis[k].reshape(-1)[j] = 1.0
                outputs = linear_fn(*basis)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs, strict=True))
            result.append(Tensor(entries.reshape(shape)))
        return tuple(result)

    return transposed


def vjp(func: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[[Any], tuple[Any, ...]]]:
    """``(func(*primals), vjp_fn)`` with ``vjp_fn(u) = u^T J`` (one Tensor per primal), as
    ``torch.func.vjp``: the transpose of the linearized function, one forward and one backward pass."""
    output, jvp_fn = linearize(func, *primals)
    return output, transpose(jvp_fn)


# ---------------------------------------------------------------------- vmap
class Batched:
    """A stack of values, one per sample: ``value[i]`` is sample ``i`` (the batch is axis 0).

    Code written for one sample runs on it: every operation below is the per-sample operation
    with the batch dimension kept in front (its batching rule). Shapes, dims and broadcasting are
    those of one sample.
    """

    __array_ufunc__ = None
    __array_priority__ = 1000

    def __init__(self, value: np.ndarray) -> None:
        value = np.asarray(value)
        self.value = value if value.dtype.kind == "f" else value.astype(np.float64)

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of one sample."""
        return self.value.shape[1:]

    @property
    def ndim(self) -> int:
        """The number of dimensions of one sample."""
        return self.value.ndim - 1

    def dim(self) -> int:
        """The number of dimensions of one sample."""
        return self.ndim

    def __repr__(self) -> str:
        return f"Batched({self.value.shape[0]} samples of shape {self.shape})"

    # ------------------------------------------------------------ elementwise
    def _aligned(self, ndim: int) -> np.ndarray:
        """The value with size-1 axes after the batch, so that samples broadcast as one sample of
        ``ndim`` dimensions would (per-sample broadcasting aligns the last dimensions)."""
        return self.value.reshape(self.value.shape[:1] + (1,) * (ndim - self.ndim) + self.shape)

    def _binary(self, other: Any, op: Callable[[Any, Any], Any], reverse: bool = False) -> Batched:
        if isinstance(other, Batched):
            ndim = max(self.ndim, other.ndim)
            a, b = self._aligned(ndim), other._aligned(ndim)
        else:
            b = _array(other)
            ndim = max(self.ndim, b.ndim)
            a = self._aligned(ndim)
        return Batched(op(b, a) if reverse else op(a, b))

    def __add__(self, other: Any) -> Batched:
        return self._binary(other, np.add)

    def __radd__(self, other: Any) -> Batched:
        return self._binary(other, np.add, reverse=True)

    def __sub__(self, other: Any) -> Batched:
        return self._binary(other, np.subtract)

    def __rsub__(self, other: Any) -> Batched:
        return self._binary(other, np.subtract, reverse=True)

    def __mul__(self, other: Any) -> Batched:
        return self._binary(other, np.multiply)

    def __rmul__(self, other: Any) -> Batched:
        return self._binary(other, np.multiply, reverse=True)

    def __truediv__(self, other: Any) -> Batched:
        return self._binary(other, np.divide)

    def __rtruediv__(self, other: Any) -> Batched:
        return self._binary(other, np.divide, reverse=True)

    def __pow__(self, other: Any) -> Batched:
        return self._binary(other, np.power)

    def __neg__(self) -> Batched:
        return Batched(-self.value)

    def exp(self) -> Batched:
        return Batched(np.exp(self.value))

    def log(self) -> Batched:
        return Batched(np.log(self.value))

    def sin(self) -> Batched:
        return Batched(np.sin(self.value))

    def cos(self) -> Batched:
        return Batched(np.cos(self.value))

    def tanh(self) -> Batched:
        return Batched(np.tanh(self.value))

    def sigmoid(self) -> Batched:
        return Batched(1.0 / (1.0 + np.exp(-self.value)))

    def relu(self) -> Batched:
        return Batched(np.maximum(self.value, 0.0))

    def sqrt(self) -> Batched:
        return Batched(np.sqrt(self.value))

    # ------------------------------------------------------------ reductions and shapes
    def _axes(self, dim: Any) -> Any:
        """A per-sample dim (or dims) as axes of the stack: the batch axis comes first."""
        if dim is None:
            return tuple(range(1, self.value.ndim))
        dims = dim if isinstance(dim, tuple | list) else (dim,)
        return tuple(d % self.ndim + 1 for d in dims)

    def sum(self, dim: Any = None, keepdim: bool = False) -> Batched:
        """The per-sample sum over ``dim`` (all of a sample's dimensions when None)."""
        return Batched(np.sum(self.value, axis=self._axes(dim), keepdims=keepdim))

    def mean(self, dim: Any = None, keepdim: bool = False) -> Batched:
        """The per-sample mean over ``dim``."""
        return Batched(np.mean(self.value, axis=self._axes(dim), keepdims=keepdim))

    def reshape(self, *shape: Any) -> Batched:
        """Each sample reshaped to ``shape``."""
        shape = tuple(shape[0]) if len(shape) == 1 and not isinstance(shape[0], int) else shape
        return Batched(self.value.reshape(self.value.shape[:1] + tuple(shape)))

    view = reshape

    def transpose(self, dim0: int, dim1: int) -> Batched:
        """Each sample with two dimensions swapped."""
        return Batched(np.swapaxes(self.value, dim0 % self.ndim + 1, dim1 % self.ndim + 1))

    def t(self) -> Batched:
        return self if self.ndim < 2 else self.transpose(0, 1)

    @property
    def T(self) -> Batched:
        """Each sample with its dimensions reversed."""
        return Batched(np.transpose(self.value, (0, *range(self.value.ndim - 1, 0, -1))))

    def __getitem__(self, key: Any) -> Batched:
        """Each sample indexed with ``key``."""
        key = key if isinstance(key, tuple) else (key,)
        return Batched(self.value[(slice(None), *key)])

    # ------------------------------------------------------------ matmul
    def __matmul__(self, other: Any) -> Batched:
        return _batched_matmul(self, other)

    def __rmatmul__(self, other: Any) -> Batched:
        return _batched_matmul(other, self)

    matmul = __matmul__


def _batched_matmul(a: Any, b: Any) -> Batched:
    """``a @ b`` per sample, at least one of them Batched.

    A shared operand gets a batch axis of size 1; a vector becomes a matrix (a row on the left, a
    column on the right); the stacks are padded with size-1 axes after the batch axis to the same
    rank, so that numpy's ``@`` pairs sample ``i`` with sample ``i``; the added axes are taken out.
    """
    left = a.value if isinstance(a, Batched) else _array(a)[None]
    right = b.value if isinstance(b, Batched) else _array(b)[None]
    a_vector, b_vector = left.ndim == 2, right.ndim == 2
    if a_vector:
        left = left[:, None, :]
    if b_vector:
        right = right[:, :, None]
    width = max(left.ndim, right.ndim)
    left = left.reshape(left.shape[:1] + (1,) * (width - left.ndim) + left.shape[1:])
    right = right.reshape(right.shape[:1] + (1,) * (width - right.ndim) + right.shape[1:])
    out = left @ right
    if b_vector:
        out = out[..., 0]
    if a_vector:
        out = out[..., 0] if b_vector else out[..., 0, :]
    return Batched(out)


def vmap(func: Callable[..., Any], in_dims: Any = 0, out_dims: Any = 0) -> Callable[..., Any]:
    """``func`` mapped over a batch dimension, like ``torch.func.vmap`` for the operations of
    ``Batched``: the result of ``vmap(f)(xs)`` stacks ``f(xs[i])`` along ``out_dims``.

    ``in_dims``: one int or None per argument (or one int for all): the argument's batch axis, or
    None for an argument shared by every sample. ``out_dims``: where the batch axis goes in each
    output. Arguments may be arrays or Tensors; the results are Tensors (no gradient is recorded).
    """

    def mapped(*args: Any) -> Any:
        dims = in_dims if isinstance(in_dims, tuple | list) else (in_dims,) * len(args)
        if len(dims) != len(args):
            raise ValueError(f"vmap: in_dims has {len(dims)} entries for {len(args)} arguments")
        sizes = {_array(a).shape[d] for a, d in zip(args, dims, strict=True) if d is not None}
        if len(sizes) != 1:
            raise ValueError("vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                             f"{sorted(sizes)}" if sizes else "vmap: at least one argument must be mapped (in_dims)")
        (size,) = sizes
        inputs = [a if d is None else Batched(np.moveaxis(_array(a), d, 0)) for a, d in zip(args, dims, strict=True)]
        outputs = func(*inputs)
        single = not isinstance(outputs, tuple)
        outputs = (outputs,) if single else outputs
        outs = out_dims if isinstance(out_dims, tuple | list) else (out_dims,) * len(outputs)
        results = tuple(_unbatch(o, size, d) for o, d in zip(outputs, outs, strict=True))
        return results[0] if single else results

    return mapped


def _unbatch(output: Any, size: int, out_dim: int) -> Tensor:
    """A Batched output with its batch axis moved to ``out_dim``; a shared one repeated per sample."""
    if isinstance(output, Batched):
        return Tensor(np.moveaxis(output.value, 0, out_dim))
    value = _array(output)
    return Tensor(np.moveaxis(np.broadcast_to(value, (size, *value.shape)).copy(), 0, out_dim))


__all__ = ["Batched", "LinearMap", "linearize", "transpose", "transpose_by_columns", "vjp", "vmap"]
