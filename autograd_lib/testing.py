"""Comparing results, with failure messages a student can act on.

``assert_close`` accepts autograd_lib Tensors, torch tensors, numpy arrays and numbers;
``compare_with_torch`` runs the same computation here and in torch (float64) and compares the
values and every input gradient. torch is imported lazily, inside the helper that needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from autograd_lib.tensor import Tensor


def to_numpy(x: Any) -> np.ndarray | None:
    """An ``np.ndarray`` from a Tensor, a torch tensor, an array or a number (None stays None)."""
    if x is None:
        return None
    if isinstance(x, Tensor):
        return x.data
    if type(x).__module__.startswith("torch"):
        return x.detach().cpu().numpy()
    return np.asarray(x)


def assert_close(
    actual: Any,
    expected: Any,
    *,
    rtol: float = 1e-7,
    atol: float = 1e-7,
    name: str = "tensor",
    reference: str = "expected",
    equal_nan: bool = False,
) -> None:
    """Raise ``AssertionError`` unless ``|actual - expected| <= atol + rtol * |expected|``
    elementwise (same shape required).

    The message names the tensor, states a shape mismatch, or gives the worst index, both
    values, the tolerances and how many elements differ, e.g. "grad of `weight` differs from
    torch at index (2, 1): 0.31 vs 0.29 (atol=1e-07, rtol=1e-07); 3 of 12 elements differ".
    """
    a, e = to_numpy(actual), to_numpy(expected)
    if a is None or e is None:
        if a is None and e is None:
            return
        missing, other = ("is None", "is not") if a is None else ("is not None", "is")
        raise AssertionError(f"{name} {missing} but the {reference} value {other}")
    if a.shape != e.shape:
        raise AssertionError(
            f"{name} has shape {tuple(a.shape)} but {reference} has shape {tuple(e.shape)}"
        )
    a64, e64 = a.astype(np.float64), e.astype(np.float64)
    with np.errstate(invalid="ignore"):
        diff = np.abs(a64 - e64)
        bad = ~(diff <= atol + rtol * np.abs(e64))
    bad &= ~(np.isinf(a64) & (a64 == e64))  # equal infinities are equal
    if equal_nan:
        bad &= ~(np.isnan(a64) & np.isnan(e64))
    if not bad.any():
        return
    worst = np.where(bad, np.nan_to_num(diff, nan=np.inf), -np.inf)
    index = np.unravel_index(int(np.argmax(worst)), a.shape)
    raise AssertionError(
        f"{name} differs from {reference} at index {tuple(int(i) for i in index)}: "
        f"{a64[index]:.6g} vs {e64[index]:.6g} (atol={atol:g}, rtol={rtol:g}); "
        f"{int(bad.sum())} of {bad.size} elements differ"
    )


def compare_with_torch(
    fn_ours: Callable[..., Any],
    fn_torch: Callable[..., Any],
    *arrays: Any,
    requires_grad: bool | Sequence[bool] = True,
    rtol: float = 1e-7,
    atol: float = 1e-7,
    seed: int = 0,
    names: Sequence[str] | None = None,
) -> None:
    """Run ``fn_ours`` on autograd_lib Tensors and ``fn_torch`` on torch tensors made from the
    same arrays (floats as float64), backpropagate the same seeded random upstream gradient,
    and ``assert_close`` the outputs and the gradient of every input that requires grad.

    ``requires_grad`` is one flag, or one per array (integer arrays never require grad).
    ``names`` name the inputs in messages (default ``input 0``, ``input 1``, ...).
    """
    import torch

    from autograd_lib.engine import backward

    flags = [requires_grad] * len(arrays) if isinstance(requires_grad, bool) else requires_grad
    names = list(names) if names is not None else [f"input {i}" for i in range(len(arrays))]
    arrays = tuple(_as_float64(a) for a in arrays)
    flags = [f and np.issubdtype(a.dtype, np.floating) for f, a in zip(flags, arrays, strict=True)]
    ours = [Tensor(a.copy(), requires_grad=f) for a, f in zip(arrays, flags, strict=True)]
    theirs = [
        torch.tensor(a.copy(), requires_grad=f) for a, f in zip(arrays, flags, strict=True)
    ]
    out_ours, out_torch = _as_tuple(fn_ours(*ours)), _as_tuple(fn_torch(*theirs))
    if len(out_ours) != len(out_torch):
        raise AssertionError(f"got {len(out_ours)} outputs but torch gives {len(out_torch)}")
    for k, (o, t) in enumerate(zip(out_ours, out_torch, strict=True)):
        assert_close(o, t, rtol=rtol, atol=atol, name=f"output {k}", reference="torch")
    rng = np.random.default_rng(seed)
    pairs = [(o, t) for o, t in zip(out_ours, out_torch, strict=True) if t.requires_grad]
    if not pairs:
        return
    upstream = [rng.standard_normal(tuple(t.shape)) for _, t in pairs]
    backward([o for o, _ in pairs], [Tensor(g) for g in upstream])
    torch.autograd.backward([t for _, t in pairs], [torch.tensor(g) for g in upstream])
    for x, tx, f, name in zip(ours, theirs, flags, names, strict=True):
        if f:
            assert_close(x.grad, tx.grad, rtol=rtol, atol=atol, name=f"grad of `{name}`",
                         reference="torch")


def _as_float64(a: Any) -> np.ndarray:
    a = np.asarray(a)
    return a.astype(np.float64) if np.issubdtype(a.dtype, np.floating) else a


def _as_tuple(x: Any) -> tuple[Any, ...]:
    return tuple(x) if isinstance(x, tuple | list) else (x,)
