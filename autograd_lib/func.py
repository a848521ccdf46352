"""Function transforms, in the spirit of ``torch.func`` and JAX's Autodidax.

A transform takes a function and returns a function:

- ``linearize(func, *primals)`` gives ``(func(*primals), jvp_fn)``, where ``jvp_fn(*tangents)``
  is the **linear** map ``t -> J t`` of ``func`` at ``primals`` (forward mode, chapter 12).
- ``transpose(linear_fn, *primals)`` gives the transpose ``L^T`` of a linear map ``L``, defined
  by ``<u, L t> = <L^T u, t>`` for every ``t`` and ``u``. Column ``j`` of ``L``'s matrix is
  ``L(e_j)``, so ``(L^T u)_j = <u, L(e_j)>``: one call of ``L`` per input element.
- ``vjp(func, *primals)`` is ``transpose`` after ``linearize``: ``u -> u^T J``, what reverse mode
  computes. This is Autodidax's view: reverse mode is forward mode, linearized and transposed.
  Built from basis vectors it costs ``n`` forward passes; the engine's ``backward`` gets the same
  numbers in one pass, because every op's backward *is* the transpose of its tangent rule
  (``MulBackward``: ``u -> (u * b, u * a)`` is the transpose of ``t -> t_a * b + a * t_b``).
- ``vmap(func, in_dims=0, out_dims=0)`` maps ``func`` over a batch dimension without a Python
  loop: each operation gets a **batching rule** that says where the batch dimension goes
  (``Batched``, for a handful of operations: arithmetic with broadcasting, unary functions, ``sum``
  and ``mean`` over a dimension, ``@``, ``reshape``, ``transpose``, ``T`` and indexing).

``linearize`` does not record the linear program (``torch.func.linearize`` traces it once):
``jvp_fn`` runs ``func``'s forward pass on Duals again at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from autograd_lib.forward_ad import jvp
from autograd_lib.tensor import Tensor


def _array(value: Any) -> np.ndarray:
    return value.data if isinstance(value, Tensor) else np.asarray(value, dtype=np.float64)


def linearize(func: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[..., Any]]:
    """``(func(*primals), jvp_fn)``: ``jvp_fn(*tangents)`` is ``J t``, linear in the tangents
    (one tangent per primal, of its shape), like ``torch.func.linearize``."""
    output, _ = jvp(func, primals, tuple(np.zeros(np.shape(_array(p))) for p in primals))

    def jvp_fn(*tangents: Any) -> Any:
        return jvp(func, primals, tangents)[1]

    return output, jvp_fn


def transpose(linear_fn: Callable[..., Any], *primals: Any) -> Callable[[Any], tuple[Tensor, ...]]:
    """The transpose of the linear map ``linear_fn`` (inputs shaped like ``primals``).

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


def vjp(func: Callable[..., Any], *primals: Any) -> tuple[Any, Callable[[Any], tuple[Tensor, ...]]]:
    """``(func(*primals), vjp_fn)`` with ``vjp_fn(u) = u^T J`` (one Tensor per primal), as
    ``torch.func.vjp``: the transpose of the linearized function."""
    output, jvp_fn = linearize(func, *primals)
    return output, transpose(jvp_fn, *primals)


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


__all__ = ["Batched", "linearize", "transpose", "vjp", "vmap"]
