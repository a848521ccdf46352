"""torch's names for what each library op saves, so that ``y.grad_fn._saved_self`` reads as in torch.

One ``SavedSpec`` per op (see ``autograd_lib.saved_attributes``), attached to the op's node class
from here, so the ops' own code stays as the course writes it. Names are those of torch 2.13's
node for the same call (``MulBackward0._saved_self``, ``ExpBackward0._saved_result``, ...).

Where the library saves what torch saves, the same programs pack the same number of tensors
under saved-tensor hooks. Known differences (the op saves something else, or another number):
a batched or 1-D ``matmul`` (torch runs it as other nodes, ``MvBackward0``...), ``number ** x``
(torch's ``_saved_self`` is the number, the library's a 0-d tensor). Ops not listed have no
``_saved_*`` attributes yet.
"""

from __future__ import annotations

from typing import Any

from autograd_lib.ops.arithmetic import Add, Div, Mul, Pow, Sub, Where
from autograd_lib.ops.linalg import MatMul, Mm
from autograd_lib.ops.reduction import Mean, Sum
from autograd_lib.ops.shape import Transpose, Unsqueeze
from autograd_lib.ops.unary import Abs, Clamp, Exp, Log, ReLU, Sigmoid, Sqrt, Tanh
from autograd_lib.saved_attributes import ABSENT, SavedSpec


def _input_shape(i: int) -> Any:
    return lambda ctx: tuple(ctx._inputs[i].shape)


def _reduced_dim(ctx: Any) -> Any:
    return ABSENT if ctx.dim is None else tuple(ctx.dim)


def _keepdim(ctx: Any) -> Any:
    return ABSENT if ctx.dim is None else len(ctx._output_info[0][0]) == len(ctx.shape)


def _numel(shape: tuple[int, ...]) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


_RESULT = SavedSpec(("result",))
_SELF = SavedSpec(("self",))
_PRODUCT = {  # each operand's values are needed only for the other operand's gradient
    "needed_for": ((1,), (0,)),
    "fields": {"self_sym_sizes": _input_shape(0), "mat2_sym_sizes": _input_shape(1)},
}

SPECS: dict[type, SavedSpec] = {
    Add: SavedSpec(fields={"alpha": lambda ctx: 1}),
    Sub: SavedSpec(fields={"alpha": lambda ctx: 1}),
    Mul: SavedSpec(("self", "other"), needed_for=((1,), (0,))),
    Div: SavedSpec(("self", "other"), needed_for=((1,), None)),
    Pow: SavedSpec(("self", "exponent", "result"),
                   fields={"exponent": lambda ctx: getattr(ctx, "exponent", ABSENT)}),
    Where: SavedSpec(("condition",)),
    MatMul: SavedSpec(("self", "mat2"), **_PRODUCT),
    Mm: SavedSpec(("self", "mat2"), **_PRODUCT),
    Exp: _RESULT, Tanh: _RESULT, Sigmoid: _RESULT, ReLU: _RESULT, Sqrt: _RESULT,
    Log: _SELF, Abs: _SELF,
    Clamp: SavedSpec(("self",), fields={"min": lambda ctx: ctx.lo, "max": lambda ctx: ctx.hi}),
    Sum: SavedSpec(fields={"self_sym_sizes": lambda ctx: tuple(ctx.shape), "dim": _reduced_dim,
                           "keepdim": _keepdim}),
    Mean: SavedSpec(fields={"self_sym_sizes": lambda ctx: tuple(ctx.shape), "dim": _reduced_dim,
                            "keepdim": _keepdim, "self_sym_numel": lambda ctx: _numel(ctx.shape)}),
    Transpose: SavedSpec(fields={"dim0": lambda ctx: ctx.dims[0], "dim1": lambda ctx: ctx.dims[1]}),
    Unsqueeze: SavedSpec(fields={"dim": lambda ctx: ctx.dim}),
}


def attach() -> None:
    """Give each op's node class its spec (``FunctionCtx._save_spec``)."""
    for function, spec in SPECS.items():
        function._backward_cls._save_spec = spec


attach()
