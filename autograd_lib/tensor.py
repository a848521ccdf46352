"""``Tensor``: a numpy array plus what autograd needs (``requires_grad``, ``grad``, ``grad_fn``).

Every differentiable method calls an op from ``autograd_lib.ops`` (each op is a ``Function``),
so the graph is built by ``Function.apply``. Methods follow PyTorch's names and semantics, with
numpy broadcasting. Default floating dtype is float64 (numpy's default, and what gradcheck needs),
a deliberate difference from PyTorch's float32.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np

from autograd_lib import inference as _inference
from autograd_lib.node import Node

_DEFAULT_DTYPES = (np.dtype(np.float64), np.dtype(np.int64), np.dtype(np.bool_))


class Tensor:
    """An n-dimensional array that can record the operations applied to it.

    Attributes:
        data: the values, an ``np.ndarray`` of any shape.
        requires_grad: whether gradients w.r.t. this tensor are wanted.
        grad: after ``backward()``, d(output)/d(self), a Tensor of ``self.shape`` (leaves only,
            unless ``retain_grad()`` was called).
        grad_fn: the node that produced this tensor (``None`` for a leaf).
        _base: for a view (``x[1:3]``, ``x.t()``, ``x.view(...)``), the tensor that owns the
            memory; ``None`` otherwise. A view shares its base's version counter (see
            ``autograd_lib.views``).
    """

    # What a tensor that is not a view has (class defaults keep the constructor cheap).
    _base: Tensor | None = None
    _view_fn: Any = None
    _view_version = 0
    _view_made_with_grad = True
    _view_of_no_grad_view = False  # made under no_grad, or a view of such a view
    _multi_output_view = False  # an output of unbind/split/chunk, or a view of one
    _is_inference = False  # made inside inference_mode (see autograd_lib.inference)
    _is_wrapped_number = False  # a Python number turned into a tensor by an operator (``x * 2.0``)

    __array_ufunc__ = None  # numpy defers to our reflected operators: ``ndarray * Tensor`` works
    __array_priority__ = 1000

    def __init__(self, data: Any, requires_grad: bool = False, dtype: Any = None) -> None:
        self.data: np.ndarray = np.asarray(data, dtype=dtype)
        self._grad: Tensor | None = None
        self._grad_fn: Node | None = None
        self._requires_grad = False
        self._output_nr = 0
        self._retains_grad = False
        self._grad_accumulator: Any = None
        self._hooks: list[Any] = []
        self._version_counter = [0]  # one cell, shared with detach(); see the _version property
        if _inference._inference_mode:
            self._is_inference = True
        if requires_grad:
            self.requires_grad = True

    # ------------------------------------------------------------------ autograd attributes
    @property
    def grad_fn(self) -> Node | None:
        """The node that produced this tensor (``None`` for a leaf). For a view whose base was
        changed in place since, it is first made again from the base's (``views.regenerate``)."""
        if self._base is not None and self._view_version != self._version_counter[0]:
            _views.regenerate(self)
        return self._grad_fn

    @grad_fn.setter
    def grad_fn(self, node: Node | None) -> None:
        self._grad_fn = node

    @property
    def requires_grad(self) -> bool:
        """Whether gradients are computed for this tensor (only floating tensors may)."""
        if (self._base is not None and self._view_version != self._version_counter[0]
                and not self._multi_output_view):
            _views.regenerate(self)
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        if self.grad_fn is not None and not value:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use "
                "a computed variable in a subgraph that doesn't require differentiation use "
                "var_no_grad = var.detach()."
            )
        _inference.check_requires_grad_not_inference(self, value)
        if value and self.dtype.kind != "f":
            raise RuntimeError(
                f"only Tensors of floating point dtype can require gradients (got {self.dtype})"
            )
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        """Set ``requires_grad`` in place and return ``self``."""
        self.requires_grad = requires_grad
        return self

    @property
    def grad(self) -> Tensor | None:
        """The accumulated gradient, same shape as ``self`` (or ``None``)."""
        return self._grad

    @grad.setter
    def grad(self, value: Tensor | None) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad must be a Tensor or None, got {type(value)}")
            if value.shape != self.shape:
                raise RuntimeError(
                    f"assigned grad has data of a different size: got {list(value.shape)}, "
                    f"expected {list(self.shape)}"
                )
        self._grad = value

    @property
    def output_nr(self) -> int:
        """Which output of its ``grad_fn`` this tensor is (0 for a leaf and a single output)."""
        return self._output_nr

    @property
    def is_leaf(self) -> bool:
        """True for tensors created by the user (no ``grad_fn``)."""
        return self.grad_fn is None

    @property
    def retains_grad(self) -> bool:
        """True when this non-leaf keeps its ``.grad`` (see ``retain_grad``)."""
        return self._retains_grad

    def retain_grad(self) -> None:
        """Ask a non-leaf tensor to keep its gradient in ``.grad`` during ``backward``."""
        if not self.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if not self.is_leaf:
            self._retains_grad = True

    def register_hook(self, hook: Any) -> Any:
        """Register ``hook(grad) -> Tensor | None`` called with this tensor's gradient.

        If the hook returns a tensor it replaces the gradient. Returns a handle with ``remove()``.
        The hook is tied to the tensor's ``grad_fn`` at the time of registration (as in torch): if
        the tensor is later changed in place, the hook sees the gradient of the value it had.
        """
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        entry = (hook, self.grad_fn)  # as in torch, the hook belongs to the current grad_fn:
        self._hooks.append(entry)     # after an in-place change it still sees the old value's gradient
        return _RemovableHandle(self._hooks, entry)

    def backward(
        self,
        gradient: Any = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
    ) -> None:
        """Accumulate d(self)/d(leaf) into every leaf's ``.grad`` (see ``engine.backward``).

        ``gradient`` is d(loss)/d(self), same shape as ``self``; it may be omitted for a scalar.
        """
        from autograd_lib.engine import backward

        grad_tensors = None if gradient is None else (gradient,)
        backward(self, grad_tensors, retain_graph=retain_graph, create_graph=create_graph)

    @property
    def _version(self) -> int:
        """How many in-place changes this tensor's memory has seen. Bumped by in-place Functions
        (``ctx.mark_dirty``), checked by ``ctx.saved_tensors``; shared with ``detach()`` and
        between a view and its base (so a view starts at its base's version, not at 0)."""
        return self._version_counter[0]

    @_version.setter
    def _version(self, value: int) -> None:
        self._version_counter[0] = value

    def detach(self) -> Tensor:
        """A new leaf sharing ``data`` and the version counter, cut from the graph
        (``requires_grad=False``): an in-place change through it is seen by saved tensors.
        As in torch, it is not a view (``_base`` is None), though it shares the memory."""
        out = Tensor(self.data)
        out._version_counter = self._version_counter
        out._is_inference = self.is_inference()
        return out

    def is_inference(self) -> bool:
        """True for a tensor made inside ``inference_mode`` (or a view of one): it may not be
        saved for backward nor changed in place outside inference mode."""
        return self._is_inference or (self._base is not None and self._base._is_inference)

    def detach_(self) -> Tensor:
        """Cut ``self`` from the graph in place and return it (not allowed on a view)."""
        if self._base is not None:
            raise RuntimeError("Can't detach views in-place. Use detach() instead.")
        self.grad_fn = None
        self._requires_grad = False
        return self

    def _is_view(self) -> bool:
        """True if this tensor is a view of another one (``_base``)."""
        return self._base is not None

    # ------------------------------------------------------------------ array attributes
    @property
    def shape(self) -> tuple[int, ...]:
        """The shape, a tuple of ints."""
        return self.data.shape

    @property
    def dtype(self) -> np.dtype:
        """The numpy dtype."""
        return self.data.dtype

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return self.data.ndim

    def dim(self) -> int:
        """The number of dimensions."""
        return self.data.ndim

    def size(self, dim: int | None = None) -> Any:
        """The shape, or the length of dimension ``dim``."""
        return self.shape if dim is None else self.shape[dim]

    def numel(self) -> int:
        """The number of elements."""
        return int(self.data.size)

    def element_size(self) -> int:
        """Bytes per element (8 for float64)."""
        return int(self.data.itemsize)

    @property
    def nbytes(self) -> int:
        """Bytes of the elements, ``numel() * element_size()`` (what a saved tensor costs)."""
        return int(self.data.size * self.data.itemsize)

    def numpy(self, *, force: bool = False) -> np.ndarray:
        """The data as an ``np.ndarray`` (shared). Like torch, refuses if ``requires_grad``."""
        if self.requires_grad and not force:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. "
                "Use tensor.detach().numpy() instead."
            )
        return self.data

    def item(self) -> Any:
        """The value of a one-element tensor as a Python number."""
        if self.data.size != 1:
            raise RuntimeError(
                f"a Tensor with {self.data.size} elements cannot be converted to Scalar"
            )
        return self.data.item()

    def tolist(self) -> Any:
        """The data as (nested) Python lists."""
        return self.data.tolist()

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        return np.asarray(self.data, dtype=dtype)

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __bool__(self) -> bool:
        if self.data.size != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self.data)

    def __float__(self) -> float:
        return float(self.item())

    def __int__(self) -> int:
        return int(self.item())

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return _format_tensor(self)

    # ------------------------------------------------------------------ conversion
    def to(self, dtype: Any) -> Tensor:
        """A copy with dtype ``dtype`` (differentiable; the gradient is cast back)."""
        if np.dtype(dtype) == self.dtype:
            return self
        return ops.ToDtype.apply(self, np.dtype(dtype))

    def double(self) -> Tensor:
        """``self.to(float64)``."""
        return self.to(np.float64)

    def float(self) -> Tensor:
        """``self.to(float32)``."""
        return self.to(np.float32)

    def clone(self) -> Tensor:
        """A differentiable copy (gradient passes through unchanged)."""
        return ops.Clone.apply(self)

    # ------------------------------------------------------------------ arithmetic
    def _wrap(self, other: Any) -> Tensor:
        """Turn a Python number or array into a constant Tensor; Python scalars take our dtype
        when it can hold them (``float32_tensor * 2.0`` stays float32, as in torch) and are marked
        as wrapped numbers (saved-tensor hooks do not pack them, as in torch)."""
        if isinstance(other, Tensor):
            return other
        if isinstance(other, bool | int | float):
            number = Tensor(np.asarray(other, dtype=np.result_type(self.dtype, other)))
            number._is_wrapped_number = True
            return number
        return Tensor(np.asarray(other))

    def __add__(self, other: Any) -> Tensor:
        """``self + other`` (numpy broadcasting)."""
        return ops.Add.apply(self, self._wrap(other))

    def __radd__(self, other: Any) -> Tensor:
        return ops.Add.apply(self._wrap(other), self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other: Any) -> Tensor:
        return ops.Sub.apply(self._wrap(other), self)

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other: Any) -> Tensor:
        return ops.Mul.apply(self._wrap(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        return ops.Div.apply(self._wrap(other), self)

    def __pow__(self, exponent: Any) -> Tensor:
        return self.pow(exponent)

    def __rpow__(self, base: Any) -> Tensor:
        return ops.Pow.apply(self._wrap(base), self)

    def __matmul__(self, other: Any) -> Tensor:
        return ops.MatMul.apply(self, self._wrap(other))

    def __rmatmul__(self, other: Any) -> Tensor:
        return ops.MatMul.apply(self._wrap(other), self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)

    def __abs__(self) -> Tensor:
        return self.abs()

    add = __add__
    sub = __sub__
    mul = __mul__
    div = __truediv__
    neg = __neg__

    def pow(self, exponent: Any) -> Tensor:
        """``self ** exponent``; exponent a number or a Tensor (both differentiable)."""
        return ops.Pow.apply(self, exponent)

    def matmul(self, other: Tensor) -> Tensor:
        """Matrix product with ``np.matmul`` semantics (1-D, 2-D and batched)."""
        return ops.MatMul.apply(self, self._wrap(other))

    def mm(self, other: Tensor) -> Tensor:
        """Product of two 2-D tensors: ``(n, k) @ (k, m) -> (n, m)``."""
        return ops.Mm.apply(self, self._wrap(other))

    # ------------------------------------------------------------------ comparisons (no grad)
    def _compare(self, other: Any, op: Any) -> Tensor:
        return Tensor(op(self.data, other.data if isinstance(other, Tensor) else other))

    def __eq__(self, other: Any) -> Tensor:  # type: ignore[override]
        """``self == other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.equal)

    def __ne__(self, other: Any) -> Tensor:  # type: ignore[override]
        """``self != other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.not_equal)

    def __lt__(self, other: Any) -> Tensor:
        """``self < other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.less)

    def __le__(self, other: Any) -> Tensor:
        """``self <= other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.less_equal)

    def __gt__(self, other: Any) -> Tensor:
        """``self > other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.greater)

    def __ge__(self, other: Any) -> Tensor:
        """``self >= other`` elementwise: a bool Tensor without grad."""
        return self._compare(other, np.greater_equal)

    def __and__(self, other: Any) -> Tensor:
        return self._compare(other, np.logical_and)

    def __or__(self, other: Any) -> Tensor:
        return self._compare(other, np.logical_or)

    def __invert__(self) -> Tensor:
        return Tensor(np.logical_not(self.data))

    eq, ne, lt, le, gt, ge = __eq__, __ne__, __lt__, __le__, __gt__, __ge__

    def sign(self) -> Tensor:
        """Elementwise sign, -1, 0 or 1. Its derivative is 0 almost everywhere, so it is
        returned as a constant (no ``grad_fn``)."""
        return Tensor(np.sign(self.data))

    def argmax(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        """Index of the largest value (over the flattened tensor, or along ``dim``)."""
        if dim is None:
            return Tensor(np.argmax(self.data))
        return Tensor(np.argmax(self.data, axis=dim, keepdims=keepdim))

    # ------------------------------------------------------------------ reductions
    def sum(
        self,
        dim: int | Sequence[int] | None = None,
        keepdim: bool = False,
        *,
        axis: int | Sequence[int] | None = None,
        keepdims: bool | None = None,
    ) -> Tensor:
        """Sum over ``dim`` (int or tuple; all dims if None); ``keepdim`` keeps them as size 1.

        ``axis``/``keepdims`` are numpy-style aliases.
        """
        dim, keepdim = _dim_alias(dim, axis, keepdim, keepdims)
        return ops.Sum.apply(self, _normalize_dims(dim, self.ndim), keepdim)

    def mean(
        self,
        dim: int | Sequence[int] | None = None,
        keepdim: bool = False,
        *,
        axis: int | Sequence[int] | None = None,
        keepdims: bool | None = None,
    ) -> Tensor:
        """Mean over ``dim`` (int or tuple; all dims if None); see ``sum``."""
        dim, keepdim = _dim_alias(dim, axis, keepdim, keepdims)
        return ops.Mean.apply(self, _normalize_dims(dim, self.ndim), keepdim)

    def max(self, dim: int | None = None, keepdim: bool = False) -> Any:
        """Largest value. Without ``dim``: a 0-d tensor (gradient shared evenly among ties,
        like torch). With ``dim``: ``(values, indices)``, gradient to the argmax."""
        if dim is None:
            return ops.Max.apply(self, None, False)
        values, indices = ops.Max.apply(self, _normalize_dims(dim, self.ndim)[0], keepdim)
        return MaxResult(values, indices)

    def min(self, dim: int | None = None, keepdim: bool = False) -> Any:
        """Smallest value, as ``-(-self).max(...)`` (see ``max``)."""
        if dim is None:
            return -(-self).max()
        values, indices = (-self).max(dim, keepdim)
        return MaxResult(-values, indices)

    # ------------------------------------------------------------------ shape
    def reshape(self, *shape: Any) -> Tensor:
        """Same data with a new shape (one entry may be -1): a view when the memory allows it,
        else a copy (as in torch)."""
        out = ops.Reshape.apply(self, _shape_args(shape))
        return _views.as_view(out, self, _reshaped(out.shape))

    def view(self, *shape: Any) -> Tensor:
        """A view with a new shape (one entry may be -1); an error when the memory does not
        allow one (a transposed tensor, for example): use ``reshape`` then."""
        shape = _shape_args(shape)
        try:
            np.reshape(self.data, shape, copy=False)
        except ValueError as error:
            if "copy" not in str(error):
                raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {self.numel()}") from None
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one "
                "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
            ) from None
        return self.reshape(shape)

    def flatten(self) -> Tensor:
        """``reshape(-1)``."""
        return self.reshape(-1)

    def transpose(self, dim0: int, dim1: int) -> Tensor:
        """Swap dimensions ``dim0`` and ``dim1`` (a view)."""
        out = ops.Transpose.apply(self, dim0, dim1)
        return _views.as_view(out, self, lambda a: np.swapaxes(a, dim0, dim1))

    def t(self) -> Tensor:
        """Transpose of a 2-D tensor (0-D and 1-D tensors are returned as they are)."""
        if self.ndim > 2:
            raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {self.ndim}D")
        return self.transpose(0, 1) if self.ndim == 2 else self

    @property
    def T(self) -> Tensor:
        """All dimensions reversed (the transpose, for a matrix)."""
        return self.permute(*reversed(range(self.ndim))) if self.ndim >= 2 else self

    @property
    def mT(self) -> Tensor:
        """The last two dimensions swapped (a batch of transposed matrices)."""
        return self.transpose(-2, -1)

    def permute(self, *dims: Any) -> Tensor:
        """Reorder dimensions: result dim i is input dim ``dims[i]`` (a view)."""
        dims = _shape_args(dims)
        out = ops.Permute.apply(self, dims)
        return _views.as_view(out, self, lambda a: np.transpose(a, dims))

    def unsqueeze(self, dim: int) -> Tensor:
        """Insert a dimension of size 1 at ``dim`` (a view)."""
        out = ops.Unsqueeze.apply(self, dim)
        return _views.as_view(out, self, _reshaped(out.shape))

    def squeeze(self, dim: int | None = None) -> Tensor:
        """Remove dimensions of size 1 (only ``dim`` if given; a no-op if it is not size 1); a view."""
        out = ops.Squeeze.apply(self, dim)
        return _views.as_view(out, self, _reshaped(out.shape))

    def expand(self, *sizes: Any) -> Tensor:
        """Broadcast to ``sizes`` (-1 keeps a dimension); the gradient is summed back."""
        sizes = _shape_args(sizes)
        lead = len(sizes) - self.ndim
        shape = tuple(
            self.shape[i - lead] if s == -1 else s for i, s in enumerate(sizes)
        )
        out = ops.Expand.apply(self, shape)
        return _views.as_view(out, self, lambda a: np.broadcast_to(a, shape))

    def expand_as(self, other: Tensor) -> Tensor:
        """``self.expand(other.shape)``."""
        return self.expand(other.shape)

    def unbind(self, dim: int = 0) -> tuple[Tensor, ...]:
        """The slices along ``dim``, each a view of ``self`` with that dimension removed. As in
        torch, the outputs share one node: changing one in place while recording is refused."""
        if self.ndim == 0:
            raise IndexError("Dimension specified as 0 but tensor has no dimensions")
        dim = _normalize_dims(dim, self.ndim)[0]
        outputs = ops.Unbind.apply(self, dim)
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        view_fns = [lambda a, i=i: a[(slice(None),) * dim + (i,)] for i in range(self.shape[dim])]
        return _views.as_multi_output_views(outputs, self, view_fns)

    def split(self, split_size_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
        """Pieces along ``dim``: of ``split_size`` each (the last one shorter), or of the lengths in
        a list, which must add up to ``self.shape[dim]``. Views of ``self``, as ``unbind``."""
        if self.ndim == 0:
            raise IndexError("split expects at least a 1-dimensional tensor")
        dim = _normalize_dims(dim, self.ndim)[0]
        length = self.shape[dim]
        if isinstance(split_size_or_sections, int | np.integer):
            size = int(split_size_or_sections)
            if size <= 0 and not (size == 0 and length == 0):
                raise RuntimeError(f"split expects split_size be non-negative and positive for a "
                                   f"non-empty dimension, but got split_size={size}")
            sizes = tuple(min(size, length - lo) for lo in range(0, length, size)) if length else (0,)
            function = ops.Split
        else:
            sizes = tuple(int(s) for s in split_size_or_sections)
            if sum(sizes) != length or any(s < 0 for s in sizes):
                raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {length} "
                                   f"(input tensor's size at dimension {dim}), but got split_sizes={list(sizes)}")
            function = ops.SplitWithSizes
        outputs = function.apply(self, sizes, dim)
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        bounds = np.cumsum((0, *sizes))
        view_fns = [lambda a, lo=int(lo), hi=int(hi): a[(slice(None),) * dim + (slice(lo, hi),)]
                    for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)]
        return _views.as_multi_output_views(outputs, self, view_fns)

    def chunk(self, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
        """At most ``chunks`` pieces along ``dim``, each ``ceil(length / chunks)`` long (the last
        one shorter): ``split`` with that size, so perhaps fewer than ``chunks`` pieces."""
        if chunks <= 0:
            raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
        if self.ndim == 0:
            raise IndexError("chunk expects at least a 1-dimensional tensor")
        length = self.shape[_normalize_dims(dim, self.ndim)[0]]
        return self.split(max(-(-length // chunks), 1 if length else 0), dim)

    def __getitem__(self, key: Any) -> Tensor:
        """``x[key]``: basic indexing (ints, slices, None, ...) gives a view, as in torch;
        indexing with tensors, arrays, lists or booleans gives a copy."""
        key = _index_key(key)
        if not _is_basic_key(key):
            return ops.Index.apply(self, key)
        key = _with_ellipsis(key)  # numpy gives a 0-d view, not a scalar copy, for x[0] of a vector
        return _views.as_view(ops.Index.apply(self, key), self, lambda a: a[key])

    # ------------------------------------------------------------------ elementwise
    def exp(self) -> Tensor:
        """e ** self."""
        return ops.Exp.apply(self)

    def log(self) -> Tensor:
        """Natural logarithm."""
        return ops.Log.apply(self)

    def tanh(self) -> Tensor:
        """Hyperbolic tangent."""
        return ops.Tanh.apply(self)

    def sigmoid(self) -> Tensor:
        """1 / (1 + e ** -self)."""
        return ops.Sigmoid.apply(self)

    def relu(self) -> Tensor:
        """max(self, 0)."""
        return ops.ReLU.apply(self)

    def sqrt(self) -> Tensor:
        """Square root."""
        return ops.Sqrt.apply(self)

    def abs(self) -> Tensor:
        """Absolute value (gradient ``sign(self)``, 0 at 0)."""
        return ops.Abs.apply(self)

    def clamp(self, min: float | None = None, max: float | None = None) -> Tensor:
        """Clip values to ``[min, max]``; gradient 1 inside (bounds included), 0 outside."""
        return ops.Clamp.apply(self, min, max)

    clip = clamp

    # ------------------------------------------------------------------ in place (ops/inplace.py)
    # Each returns ``self``, changed in place: its version goes up by one and, when recording,
    # the in-place op becomes its ``grad_fn``. A leaf that requires grad is refused unless under
    # ``no_grad``.
    def add_(self, other: Any, *, alpha: float = 1) -> Tensor:
        """``self += alpha * other`` in place (``other`` broadcast to ``self.shape``)."""
        return _inplace.apply_inplace(_inplace.AddInplace, self, self._wrap(other), alpha)

    def sub_(self, other: Any, *, alpha: float = 1) -> Tensor:
        """``self -= alpha * other`` in place."""
        return _inplace.apply_inplace(_inplace.AddInplace, self, self._wrap(other), -alpha)

    def mul_(self, other: Any) -> Tensor:
        """``self *= other`` in place. ``x.mul_(x)`` squares ``x``; as in torch, the second factor
        is saved as an input, so a backward that needs it raises (it was changed)."""
        other = self._wrap(other)
        if other is self:
            other = _views.alias(self)
        return _inplace.apply_inplace(_inplace.MulInplace, self, other)

    def div_(self, other: Any) -> Tensor:
        """``self /= other`` in place (``x.div_(x)``: as ``mul_``)."""
        other = self._wrap(other)
        if other is self:
            other = _views.alias(self)
        return _inplace.apply_inplace(_inplace.DivInplace, self, other)

    def zero_(self) -> Tensor:
        """Set every element to 0, in place."""
        return _inplace.apply_inplace(_inplace.ZeroInplace, self)

    def fill_(self, value: float) -> Tensor:
        """Set every element to ``value``, in place."""
        return _inplace.apply_inplace(_inplace.FillInplace, self, value)

    def copy_(self, src: Any) -> Tensor:
        """Copy ``src`` (broadcast, cast to ``self.dtype``) into ``self``, in place."""
        return _inplace.apply_inplace(_inplace.CopyInplace, self, self._wrap(src).to(self.dtype))

    def uniform_(self, a: float = 0.0, b: float = 1.0) -> Tensor:
        """Fill with samples of the uniform distribution on [a, b) (seed with ``manual_seed``)."""
        return _inplace.apply_inplace(_inplace.RandomInplace, self, "uniform", a, b)

    def normal_(self, mean: float = 0.0, std: float = 1.0) -> Tensor:
        """Fill with samples of the normal distribution (seed with ``manual_seed``)."""
        return _inplace.apply_inplace(_inplace.RandomInplace, self, "normal", mean, std)


class MaxResult(NamedTuple):
    """What ``max(dim)`` returns: ``values`` and ``indices`` (like ``torch.return_types.max``)."""

    values: Tensor
    indices: Tensor


class _RemovableHandle:
    """Returned by ``register_hook``; ``remove()`` unregisters the hook."""

    def __init__(self, hooks: list[Any], entry: Any) -> None:
        self._hooks, self._entry = hooks, entry

    def remove(self) -> None:
        """Unregister the hook."""
        for i, entry in enumerate(self._hooks):
            if entry is self._entry:
                del self._hooks[i]
                return


# ---------------------------------------------------------------------- helpers
def _dim_alias(dim: Any, axis: Any, keepdim: bool, keepdims: bool | None) -> tuple[Any, bool]:
    if axis is not None:
        if dim is not None:
            raise TypeError("give either dim or axis, not both")
        dim = axis
    return dim, keepdim if keepdims is None else keepdims


def _normalize_dims(dim: Any, ndim: int) -> tuple[int, ...] | None:
    """``None`` -> None (all dims); an int or a sequence -> a sorted tuple of dims >= 0."""
    if dim is None:
        return None
    dims = (dim,) if isinstance(dim, int | np.integer) else tuple(dim)
    rank = max(ndim, 1)
    out = []
    for d in dims:
        if not -rank <= d < rank:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-rank}, {rank - 1}], "
                f"but got {d})"
            )
        out.append(int(d) % rank)
    return tuple(sorted(out)) if ndim > 0 else ()


def _shape_args(args: tuple[Any, ...]) -> tuple[int, ...]:
    """Accept ``f(2, 3)`` and ``f((2, 3))``."""
    if len(args) == 1 and not isinstance(args[0], int | np.integer):
        return tuple(int(s) for s in args[0])
    return tuple(int(s) for s in args)


def _reshaped(shape: tuple[int, ...]) -> Any:
    """The view function of a reshape, unsqueeze or squeeze: the same elements in C order."""
    return lambda a: a.reshape(shape)


_BASIC = (int, np.integer, slice, type(None), type(Ellipsis))


def _is_basic_key(key: Any) -> bool:
    """True for a key of ints, slices, None and Ellipsis (numpy's basic indexing: a view)."""
    parts = key if isinstance(key, tuple) else (key,)
    return all(isinstance(k, _BASIC) and not isinstance(k, bool | np.bool_) for k in parts)


def _with_ellipsis(key: Any) -> tuple:
    parts = key if isinstance(key, tuple) else (key,)
    return parts if any(k is Ellipsis for k in parts) else (*parts, Ellipsis)


def _index_key(key: Any) -> Any:
    """Replace Tensors inside an indexing key by their arrays."""
    if isinstance(key, Tensor):
        return key.data
    if isinstance(key, tuple):
        return tuple(k.data if isinstance(k, Tensor) else k for k in key)
    return key


def _format_tensor(t: Tensor) -> str:
    """``tensor([1., 2.], requires_grad=True)`` / ``tensor(3., grad_fn=<MulBackward>)``."""
    data = t.data
    opts: dict[str, Any] = {"separator": ", ", "prefix": "tensor(", "threshold": 1000}
    if data.dtype.kind == "f":
        finite = data[np.isfinite(data)]
        integral = finite.size == 0 or bool(np.all(finite == np.round(finite)))
        opts.update(precision=4, floatmode="maxprec" if integral else "fixed")
        if data.ndim and integral:
            opts["formatter"] = {"float_kind": lambda v: f"{v:.0f}." if np.isfinite(v) else str(v)}
    body = np.array2string(data, **opts) if data.ndim else _scalar_str(data)
    suffix = ""
    if t.dtype not in _DEFAULT_DTYPES:
        suffix += f", dtype={t.dtype}"
    if t.grad_fn is not None:
        suffix += f", grad_fn=<{t.grad_fn.name()}>"
    elif t.requires_grad:
        suffix += ", requires_grad=True"
    return f"tensor({body}{suffix})"


def _scalar_str(data: np.ndarray) -> str:
    v = data.item()
    if isinstance(v, float) and np.isfinite(v):
        return f"{v:.0f}." if v == round(v) and abs(v) < 1e16 else f"{v:.4f}"
    return str(v)


from autograd_lib import ops  # noqa: E402  (the ops import Tensor, so they are imported last)
from autograd_lib import views as _views  # noqa: E402
from autograd_lib.ops import inplace as _inplace  # noqa: E402
