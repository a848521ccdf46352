"""``Function``: an operation with a hand-written backward, and ``FunctionCtx``, its graph node.

Write ``forward`` and ``backward`` as static methods and call ``MyFunction.apply(*args)``::

    class Mul(Function):
        @staticmethod
        def forward(ctx, a, b):               # Tensors in, Tensor (or np.ndarray) out
            ctx.save_for_backward(a, b)
            return a.data * b.data

        @staticmethod
        def backward(ctx, grad_output):       # d(loss)/d(out) in, one d(loss)/d(input) per input
            a, b = ctx.saved_tensors
            return grad_output * b, grad_output * a

``apply`` runs ``forward`` with recording off, then (if any input requires grad) makes the ``ctx``
the ``grad_fn`` of the outputs. ``ctx`` is the node of the graph: it holds ``next_functions``
(where the gradients go next) and the saved tensors.
"""

from __future__ import annotations

import functools
import inspect
import warnings
import weakref
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from autograd_lib.anomaly_mode import (
    check_nan,
    forward_traceback,
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    report_error,
)
from autograd_lib.grad_mode import is_grad_enabled, no_grad
from autograd_lib.inference import check_saved_not_inference
from autograd_lib.node import Node, gradient_edge
from autograd_lib.saved_attributes import PREFIX, RAW_PREFIX, saved_attribute, saved_attribute_names
from autograd_lib.saved_tensor import FREED_MESSAGE, SavedTensor, current_hooks, shape_only
from autograd_lib.tensor import Tensor
from autograd_lib.views import check_view_inplace, rebase

LEGACY_MESSAGE = (
    "Legacy autograd function with non-static forward method is deprecated. Please use "
    "new-style autograd function with static forward method. ({name}: the 2017 style was "
    "deprecated, and PyTorch 1.5 made it an error.) Write forward and backward as "
    "@staticmethod taking ctx first: `def forward(ctx, x)` / `def backward(ctx, grad_output)`, "
    "keep state on ctx (ctx.save_for_backward, ctx.saved_tensors) instead of self, and call "
    "`{name}.apply(x)` instead of `{name}()(x)`."
)


class _InputInfo(NamedTuple):
    """What the engine needs to know about one tensor input to validate its gradient."""

    shape: tuple[int, ...]
    dtype: np.dtype
    requires_grad: bool


class FunctionCtx(Node):
    """The ``ctx`` of one ``Function.apply`` call, which is also that call's graph node.

    For ``MyFunction`` the class is ``MyFunctionBackward`` (a subclass made automatically), so
    ``y.grad_fn.name() == "MyFunctionBackward"``.

    Attributes:
        needs_input_grad: one bool per forward argument: True if it is a Tensor requiring grad.
        next_functions: one ``(node_or_None, output_nr)`` per Tensor argument of forward.
    """

    _forward_cls: type[Function]
    # Defaults live on the class (one ctx is made per op call, so this keeps apply cheap).
    needs_input_grad: tuple[bool, ...] = ()
    materialize_grads = True
    _saved: tuple[Tensor | None, ...] = ()
    _saved_versions: tuple[int, ...] = ()
    _packed: tuple[SavedTensor | None, ...] = ()  # under saved-tensor hooks: one per saved slot
    _save_spec: Any = None  # a library op's torch names for what it saves (ops/saved_names.py)
    _freed = False
    _non_differentiable: tuple[Tensor, ...] = ()
    _dirty: tuple[Tensor, ...] = ()
    _inputs: tuple[_InputInfo | None, ...] = ()  # None for a non-Tensor argument
    _outputs: tuple[weakref.ref[Tensor], ...] = ()
    _output_info: tuple[tuple[tuple[int, ...], np.dtype], ...] = ()

    # -------------------------------------------------------------- ctx API (as in torch)
    def save_for_backward(self, *tensors: Tensor | None) -> None:
        """Keep tensors (inputs, outputs or None) for ``backward``; read them with
        ``ctx.saved_tensors``. They are freed after backward unless ``retain_graph``."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(
                    f"save_for_backward can only save tensors, but argument {i} is of type "
                    f"{type(t).__name__}; keep other values as ctx attributes"
                )
        self._saved = tensors

    @property
    def saved_tensors(self) -> tuple[Tensor | None, ...]:
        """The tensors given to ``save_for_backward``, in order (checked by ``unpack_saved``);
        saved under saved-tensor hooks, each is unpacked (``unpack_packed``)."""
        return unpack_packed(self) if self._packed else unpack_saved(self)

    @property
    def _raw_saved_tensors(self) -> tuple[SavedTensor | None, ...]:
        """The ``SavedTensor`` of each slot saved under saved-tensor hooks (else empty)."""
        return self._packed

    def __getattr__(self, name: str) -> Any:
        """``_saved_<name>`` / ``_raw_saved_<name>``: what a library op saved, by torch's names
        (``autograd_lib.saved_attributes``)."""
        if name.startswith((PREFIX, RAW_PREFIX)):
            return saved_attribute(self, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(saved_attribute_names(self)))

    @property
    def saved_variables(self) -> tuple[Tensor | None, ...]:
        """Deprecated (pre-1.0) name of ``saved_tensors``; warns, as torch does."""
        warnings.warn("'saved_variables' is deprecated; use 'saved_tensors'",
                      DeprecationWarning, stacklevel=2)
        return self.saved_tensors

    def mark_non_differentiable(self, *tensors: Tensor) -> None:
        """Declare outputs that have no gradient (e.g. indices): they get
        ``requires_grad=False``, and their incoming gradient in backward is zeros (or None)."""
        self._non_differentiable = tensors

    def mark_dirty(self, *tensors: Tensor) -> None:
        """Declare inputs that ``forward`` modified in place (and returns)."""
        self._dirty = tensors

    def set_materialize_grads(self, value: bool) -> None:
        """If False, backward receives None (not zeros) for outputs that got no gradient."""
        self.materialize_grads = value

    # -------------------------------------------------------------- node API
    @property
    def output(self) -> Tensor | None:
        """The first output of the forward call, if it is still alive."""
        return self._outputs[0]() if self._outputs else None

    def release(self) -> None:
        """Free the saved tensors; reading ``saved_tensors`` afterwards is an error."""
        for packed in self._packed:
            if packed is not None:
                packed.release()
        self._saved = self._packed = ()
        self._freed = True

    def apply(self, *grad_outputs: Tensor | None) -> tuple[Tensor | None, ...]:
        """Call the Function's ``backward`` and check what it returns.

        In: one gradient per output. Out: one gradient per entry of ``next_functions``.
        In anomaly mode, an error is first reported with the traceback of the forward call that
        made this node, and a NaN gradient is an error.
        """
        try:
            grads = _prepare_grad_outputs(self, grad_outputs)
            grad_inputs = _validate_grad_inputs(self, self._forward_cls.backward(self, *grads))
            if is_anomaly_enabled() and is_anomaly_check_nan_enabled():
                check_nan(self, grad_inputs)
        except Exception:
            if is_anomaly_enabled():
                report_error(self)
            raise
        return grad_inputs


def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """What ``ctx.saved_tensors`` returns: the saved tensors, the very same objects, in order.

    Two checks first. Freed by a backward pass: PyTorch's error about ``retain_graph``. A saved
    tensor whose version is no longer the one ``apply`` recorded in ``ctx._saved_versions``
    (it was changed in place since): PyTorch's error, with both versions.
    """
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions, strict=False)):
        if t is not None and t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by "
                f"an inplace operation: saved tensor {i} of {ctx.name()} (shape "
                f"{list(t.shape)}) is at version {t._version}; expected version {version} "
                "instead."
            )
    return ctx._saved


class Function:
    """Base class of differentiable operations with a hand-written backward (see module doc).

    Subclasses define ``forward(ctx, *args)`` and ``backward(ctx, *grad_outputs)`` as
    ``@staticmethod``s and are called with ``apply``. ``backward`` returns one gradient per
    forward argument (None for non-tensors or inputs that need none; extra trailing Nones are
    allowed). torch 2.x style also works: ``forward(*args)`` without ctx plus
    ``setup_context(ctx, inputs, output)``.
    """

    _backward_cls: type[FunctionCtx]
    _legacy = False
    _setup_context_style = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = f"{cls.__name__}Backward"
        cls._backward_cls = type(name, (FunctionCtx,), {"_forward_cls": cls})
        cls._legacy = not isinstance(inspect.getattr_static(cls, "forward"), staticmethod)
        cls._setup_context_style = any(
            "setup_context" in klass.__dict__ for klass in cls.__mro__[:-2]
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        warnings.warn(
            f"{type(self)} should not be instantiated. Methods on autograd functions are all "
            "static, so you should invoke them on the class itself.",
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The 2017 API (``MyFunction()(x)``): an error that explains the modern form."""
        raise RuntimeError(LEGACY_MESSAGE.format(name=type(self).__name__))

    @staticmethod
    def forward(ctx: FunctionCtx, *args: Any, **kwargs: Any) -> Any:
        """Compute the outputs from the inputs (runs with recording off)."""
        raise NotImplementedError("You must implement the forward function for custom Function.")

    @staticmethod
    def setup_context(ctx: FunctionCtx, inputs: tuple[Any, ...], output: Any) -> None:
        """torch 2.x style: save what backward needs, given the inputs and the output."""
        raise NotImplementedError

    @staticmethod
    def backward(ctx: FunctionCtx, *grad_outputs: Tensor) -> Any:
        """Gradients w.r.t. the inputs, given gradients w.r.t. the outputs."""
        raise NotImplementedError(
            "You must implement the backward function for custom Function to use it "
            "with backward mode AD."
        )

    @classmethod
    def apply(cls, *args: Any, **kwargs: Any) -> Any:
        """Run ``forward`` and, if any input requires grad, record this call in the graph."""
        ctx = cls._backward_cls()
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
        with no_grad():
            outputs = _call_forward(cls, ctx, args, kwargs)
        record = is_grad_enabled() and any(ctx.needs_input_grad)
        if record:  # before the versions of dirty tensors are bumped
            ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
            check_saved_not_inference(ctx._saved)
            versions = tuple(0 if t is None else t._version for t in ctx._saved)
        outputs, is_tuple = _wrap_outputs(ctx, args, outputs)
        if record:
            _connect_outputs(ctx, args, outputs, versions)
            hooks = current_hooks()
            if hooks is not None:
                _pack(ctx, hooks)
            if is_anomaly_enabled():
                ctx.metadata["traceback_"] = forward_traceback()
        return outputs if is_tuple else outputs[0]


def unpack_packed(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """What ``ctx.saved_tensors`` returns for a node saved under saved-tensor hooks: each slot's
    ``unpack`` (one call per saved tensor per use), the stand-in or ``None`` of a slot not packed.
    No version check, as in torch: the hooks decide what was kept."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    return tuple(ctx._saved[i] if packed is None else packed.unpack()
                 for i, packed in enumerate(ctx._packed))


# ---------------------------------------------------------------------- helpers of apply
def _pack(ctx: FunctionCtx, hooks: Any) -> None:
    """Under saved-tensor hooks: pack each saved tensor (a tensor saved twice is packed twice)
    and keep only what ``pack`` returned. Not packed, as in torch: ``None``, a Python number an
    operator wrapped (``x * 2.0``, kept as it is), and a slot of a library op that no needed
    gradient reads (``x * c`` with a constant ``c``: ``x``), kept as a ``shape_only`` stand-in."""
    spec = ctx._save_spec
    kept, packed = [], []
    for i, t in enumerate(ctx._saved):
        if t is None or t._is_wrapped_number:
            kept.append(t)
            packed.append(None)
        elif spec is not None and not spec.slot_needed(i, ctx.needs_input_grad):
            kept.append(shape_only(t))
            packed.append(None)
        else:
            kept.append(None)
            packed.append(SavedTensor(t, hooks))
    ctx._saved, ctx._packed = tuple(kept), tuple(packed)


def _call_forward(cls: type[Function], ctx: FunctionCtx, args: tuple, kwargs: dict) -> Any:
    """``forward(ctx, *args)``, or torch 2.x's ``forward(*args)`` + ``setup_context``."""
    if cls._legacy:
        raise RuntimeError(LEGACY_MESSAGE.format(name=cls.__name__))
    if cls._setup_context_style:
        output = cls.forward(*args, **kwargs)
        cls.setup_context(ctx, args, output)
        return output
    return cls.forward(ctx, *args, **kwargs)


def _wrap_outputs(ctx: FunctionCtx, args: tuple, outputs: Any) -> tuple[tuple[Tensor, ...], bool]:
    """Make forward's result a tuple of fresh Tensors (arrays are wrapped; an input returned
    unchanged is aliased, so its own ``grad_fn`` is left alone unless it was marked dirty)."""
    is_tuple = isinstance(outputs, tuple)
    wrapped = []
    for out in outputs if is_tuple else (outputs,):
        if not isinstance(out, Tensor):
            out = Tensor(out)
        elif any(out is d for d in ctx._dirty):
            out._version += 1  # modified in place: saved copies of it are now stale
        elif out.grad_fn is not None or out.requires_grad or any(out is a for a in args):
            out = Tensor(out.data)
        wrapped.append(out)
    ctx._output_info = tuple((o.shape, o.dtype) for o in wrapped)
    ctx.num_outputs = len(wrapped)
    return tuple(wrapped), is_tuple


def _connect_outputs(ctx: FunctionCtx, args: tuple, outputs: tuple[Tensor, ...],
                     versions: tuple[int, ...]) -> None:
    """Make ``ctx`` the ``grad_fn`` of each differentiable output; record input metadata and the
    versions of the saved tensors.

    ``versions`` are the saved tensors' versions when ``forward`` returned. A saved tensor that was
    marked dirty is an output, recorded at its new version; every other saved tensor is an input,
    recorded as it was (so ``a.mul_(a)``, whose second factor is saved, raises in backward, as in
    torch). A dirty view rewrites its base's graph (``views.rebase``).
    """
    ctx._inputs = tuple(
        _InputInfo(a.shape, a.dtype, a.requires_grad) if isinstance(a, Tensor) else None
        for a in args
    )
    for t in ctx._dirty:
        if t._base is None and t._grad_fn is None and t._requires_grad:
            raise RuntimeError(
                "a leaf Variable that requires grad is being used in an in-place operation."
            )
        check_view_inplace(t, requires_grad=True)  # recorded: some input requires grad
    ctx._saved_versions = tuple(
        0 if t is None else t._version if any(t is d for d in ctx._dirty) else version
        for t, version in zip(ctx._saved, versions, strict=True)
    )
    ctx._outputs = tuple(weakref.ref(o) for o in outputs)
    for nr, out in enumerate(outputs):
        if any(out is t for t in ctx._non_differentiable):
            continue
        if out.dtype.kind != "f":  # integer and bool outputs are never differentiable
            continue
        out._grad_fn, out._output_nr, out._requires_grad = ctx, nr, True
        if out._base is not None and any(out is t for t in ctx._dirty):
            rebase(out, ctx)


# ---------------------------------------------------------------------- helpers of backward
def _prepare_grad_outputs(ctx: FunctionCtx, grads: tuple[Tensor | None, ...]) -> list:
    """Run tensor hooks, fill ``retain_grad`` tensors, and turn missing gradients into zeros.

    A tensor's hooks run at the node that was its ``grad_fn`` when they were registered, and
    ``retain_grad`` at its current ``grad_fn`` (so after an in-place change, ``.grad`` is the
    gradient of the new value), as in torch."""
    grads = list(grads)
    for i, ref in enumerate(ctx._outputs):
        out = ref()
        if out is None or grads[i] is None:
            continue
        for hook, node in out._hooks:
            if node is ctx:  # hooks registered while ctx was the tensor's grad_fn
                result = hook(grads[i])
                grads[i] = grads[i] if result is None else result
        if out._retains_grad and out._grad_fn is ctx:  # the current value's gradient
            out._grad = grads[i] if out._grad is None else out._grad + grads[i]
    if ctx.materialize_grads:
        for i, (shape, dtype) in enumerate(ctx._output_info):
            if grads[i] is None:
                grads[i] = Tensor(np.zeros(shape, dtype=dtype))
    return grads


def _validate_grad_inputs(ctx: FunctionCtx, grads: Any) -> tuple[Tensor | None, ...]:
    """Check ``backward``'s result like PyTorch, keep one gradient per Tensor input.

    Wrong count, a non-Tensor, or a shape that cannot be summed back to the input's shape is an
    error naming the Function and the input index; a broadcast of the input's shape is summed
    back with ``unbroadcast``; the dtype is cast to the input's dtype.
    """
    from autograd_lib.ops.broadcast import unbroadcast

    grads = grads if isinstance(grads, tuple | list) else (grads,)
    name, expected = ctx.name(), len(ctx._inputs)
    if len(grads) < expected or any(g is not None for g in grads[expected:]):
        raise RuntimeError(
            f"function {name} returned an incorrect number of gradients "
            f"(expected {expected}, got {len(grads)})"
        )
    result: list[Tensor | None] = []
    for i, (info, g) in enumerate(zip(ctx._inputs, grads, strict=False)):
        if info is None:
            if g is not None:
                raise RuntimeError(
                    f"function {name} returned a gradient different than None at position "
                    f"{i}, but the corresponding forward input was not a Tensor"
                )
            continue
        if g is not None and not isinstance(g, Tensor):
            raise RuntimeError(
                f"function {name} returned an invalid gradient at index {i} - expected a "
                f"Tensor or None, but got {type(g).__name__}"
            )
        if g is None or not info.requires_grad:
            result.append(None)
            continue
        if g.shape != info.shape:
            if not _expandable(info.shape, g.shape):
                raise RuntimeError(
                    f"Function {name} returned an invalid gradient at index {i} - got "
                    f"{list(g.shape)} but expected shape compatible with {list(info.shape)}"
                )
            g = unbroadcast(g, info.shape)
        if g.dtype != info.dtype:
            g = g.to(info.dtype)
        result.append(g)
    return tuple(result)


def _expandable(shape: tuple[int, ...], target: tuple[int, ...]) -> bool:
    """True if ``shape`` broadcasts to exactly ``target``."""
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False


# ---------------------------------------------------------------------- once_differentiable
def once_differentiable(backward: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a ``backward`` that cannot itself be differentiated.

    It runs with recording off; if a graph was being recorded (``create_graph=True``), the
    gradients it returns get a node that raises when someone differentiates through them.
    """

    @functools.wraps(backward)
    def wrapper(ctx: FunctionCtx, *grad_outputs: Any) -> Any:
        with no_grad():
            result = backward(ctx, *grad_outputs)
        if not is_grad_enabled():
            return result
        recorded = [g for g in grad_outputs if isinstance(g, Tensor) and g.requires_grad]
        if not recorded:
            return result
        is_tuple = isinstance(result, tuple)
        wrapped = tuple(
            _DelayedError.apply(g, *recorded) if isinstance(g, Tensor) else g
            for g in (result if is_tuple else (result,))
        )
        return wrapped if is_tuple else wrapped[0]

    return wrapper


class _DelayedError(Function):
    """Identity in forward; raises in backward (marks gradients of a once_differentiable)."""

    @staticmethod
    def forward(ctx: FunctionCtx, value: Tensor, *recorded: Tensor) -> np.ndarray:
        return value.data

    @staticmethod
    def backward(ctx: FunctionCtx, *grad_outputs: Tensor) -> Any:
        raise RuntimeError(
            "trying to differentiate twice a function that was marked with @once_differentiable"
        )


BackwardCFunction = FunctionCtx
