"""``grad_fn._saved_<name>``: what a node saved, under the names torch gives it for the same op.

A library op declares, outside its class (``autograd_lib.ops.saved_names``), a ``SavedSpec``:

- ``tensors``: torch's name for each slot of its ``ctx.save_for_backward`` (``("self", "other")``
  for ``Mul``); ``None`` for a slot torch has no name for;
- ``needed_for``: per slot, the inputs whose gradient needs the slot's values (``None``: every
  one). Torch saves a slot only when one of them requires grad. The library keeps every slot
  (chapter 6 teaches that ``MulBackward`` saves both factors, and checks a change to either), but
  under saved-tensor hooks it packs only what torch packs: an unneeded slot is kept as a
  ``shape_only`` stand-in (no memory, never packed, ``_saved_<name>`` is ``None``), so the same
  programs pack the same tensors in both libraries;
- ``fields``: torch's non-tensor saved values (``self_sym_sizes``, ``dim``, ...), each read from
  the ctx by a function; one that returns ``ABSENT`` is not there for this call (``SumBackward0``
  has no ``_saved_dim``, ``SumBackward1`` has).

``grad_fn._saved_<tensor name>`` unpacks that slot as ``saved_tensors`` would (the error after the
graph was freed, the version check, the unpack hook); ``grad_fn._raw_saved_<tensor name>`` is the
``SavedTensor`` a node keeps under saved-tensor hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autograd_lib.saved_tensor import FREED_MESSAGE, SavedTensor

if TYPE_CHECKING:
    from autograd_lib.function import FunctionCtx
    from autograd_lib.tensor import Tensor

ABSENT = object()
PREFIX, RAW_PREFIX = "_saved_", "_raw_saved_"


@dataclass(frozen=True)
class SavedSpec:
    """torch's names for what one library op saves (see the module doc)."""

    tensors: tuple[str | None, ...] = ()
    needed_for: tuple[tuple[int, ...] | None, ...] = ()
    fields: dict[str, Callable[[Any], Any]] = field(default_factory=dict)

    def slot_needed(self, i: int, needs_input_grad: tuple[bool, ...]) -> bool:
        """True when an input whose gradient reads slot ``i`` requires grad."""
        inputs = self.needed_for[i] if i < len(self.needed_for) else None
        return inputs is None or any(needs_input_grad[j] for j in inputs)


def saved_attribute(ctx: FunctionCtx, name: str) -> Any:
    """The value of ``ctx._saved_<x>`` or ``ctx._raw_saved_<x>``; ``AttributeError`` if the op
    saves no ``x``."""
    spec: SavedSpec | None = ctx._save_spec
    raw = name.startswith(RAW_PREFIX)
    key = name[len(RAW_PREFIX if raw else PREFIX):]
    if spec is not None and not raw and key in spec.fields:  # first: Pow's scalar exponent
        value = spec.fields[key](ctx)
        if value is not ABSENT:
            return value
    if spec is not None and key in spec.tensors:
        i = spec.tensors.index(key)
        return _raw_slot(ctx, i, spec) if raw else _unpack_slot(ctx, i, spec)
    raise AttributeError(f"'{type(ctx).__name__}' object has no attribute '{name}'")


def saved_attribute_names(ctx: FunctionCtx) -> list[str]:
    """The ``_saved_*`` and ``_raw_saved_*`` names ``dir(ctx)`` lists for this node."""
    spec: SavedSpec | None = ctx._save_spec
    if spec is None:
        return []
    fields = [k for k, get in spec.fields.items() if get(ctx) is not ABSENT]
    filled = len(ctx._saved_versions)  # the slots this call saved (kept after a backward frees them)
    tensors = [n for n in spec.tensors[:filled] if n and n not in fields]  # Pow's scalar exponent: a field
    return [PREFIX + n for n in tensors + fields] + [RAW_PREFIX + n for n in tensors]


def _unpack_slot(ctx: FunctionCtx, i: int, spec: SavedSpec) -> Tensor | None:
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    if i >= len(ctx._saved_versions):  # a slot this call did not fill (Pow's scalar exponent)
        return None
    if ctx._packed:
        if not spec.slot_needed(i, ctx.needs_input_grad):
            return None  # not packed, as torch does not save it
        packed = ctx._packed[i]
        return ctx._saved[i] if packed is None else packed.unpack()  # None, or a wrapped number
    t = ctx._saved[i]
    if t is not None and t._version != ctx._saved_versions[i]:
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an "
            f"inplace operation: saved tensor {i} of {ctx.name()} (shape {list(t.shape)}) is at "
            f"version {t._version}; expected version {ctx._saved_versions[i]} instead."
        )
    return t


def _raw_slot(ctx: FunctionCtx, i: int, spec: SavedSpec) -> SavedTensor | None:
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    if ctx._packed and i < len(ctx._packed) and ctx._packed[i] is not None:
        return ctx._packed[i]
    return None if _unpack_slot(ctx, i, spec) is None else _PlainSaved(ctx, i, spec)


class _PlainSaved(SavedTensor):
    """The ``_raw_saved_*`` of a node saved without hooks: unpacking reads the slot itself."""

    def __init__(self, ctx: FunctionCtx, i: int, spec: SavedSpec) -> None:
        self._ctx, self._i, self._spec = ctx, i, spec

    def unpack(self) -> Tensor:
        return _unpack_slot(self._ctx, self._i, self._spec)

    def release(self) -> None:
        pass
