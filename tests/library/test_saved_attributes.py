"""``grad_fn._saved_<name>``: what a node saved, read under torch's names, against torch 2.13.

Each program is written once and run on both libraries (``lib`` is ``torch`` or ``autograd_lib``).
For its output's node we compare the names ``dir()`` lists (``_saved_*`` and ``_raw_saved_*``;
torch's ``*_sym_strides`` are not kept by the library) and every value: a tensor's values (or
``None`` where torch did not save the slot), a number, a tuple.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib.saved_tensor import FREED_MESSAGE

RNG = np.random.default_rng(44)
X, Y, M, P = RNG.normal(size=(3, 4)), RNG.normal(size=(3, 4)), RNG.normal(size=(4, 2)), RNG.uniform(0.5, 2, (3, 4))
LIBRARY_ONLY = {"_saved_versions", "_raw_saved_tensors"}  # the library's own bookkeeping


def t(lib: Any, values: Any, requires_grad: bool = True) -> Any:
    return lib.tensor(values, dtype=lib.float64, requires_grad=requires_grad)


PROGRAMS = {
    "x * y": lambda L: t(L, X) * t(L, Y),
    "x * constant": lambda L: t(L, X) * t(L, Y, False),
    "constant * x": lambda L: t(L, Y, False) * t(L, X),
    "x * 2.0": lambda L: t(L, X) * 2.0,
    "x / y": lambda L: t(L, X) / t(L, P),
    "x / constant": lambda L: t(L, X) / t(L, P, False),
    "constant / x": lambda L: t(L, X, False) / t(L, P),
    "exp": lambda L: t(L, X).exp(),
    "tanh": lambda L: t(L, X).tanh(),
    "sigmoid": lambda L: t(L, X).sigmoid(),
    "relu": lambda L: t(L, X).relu(),
    "sqrt": lambda L: t(L, P).sqrt(),
    "log": lambda L: t(L, P).log(),
    "abs": lambda L: t(L, X).abs(),
    "clamp": lambda L: t(L, X).clamp(-0.5, 0.5),
    "pow 2.0": lambda L: t(L, X).pow(2.0),
    "x ** y": lambda L: t(L, P) ** t(L, Y),
    "x ** constant tensor": lambda L: t(L, P) ** t(L, Y, False),
    "constant ** y": lambda L: t(L, P, False) ** t(L, Y),
    "mm": lambda L: t(L, X).mm(t(L, M)),
    "mm constant weight": lambda L: t(L, X).mm(t(L, M, False)),
    "mm constant input": lambda L: t(L, X, False).mm(t(L, M)),
    "matmul 2-D": lambda L: t(L, X) @ t(L, M),
    "sum": lambda L: t(L, X).sum(),
    "sum(1)": lambda L: t(L, X).sum(1),
    "sum(0, keepdim)": lambda L: t(L, X).sum(0, keepdim=True),
    "mean": lambda L: t(L, X).mean(),
    "mean(0)": lambda L: t(L, X).mean(0),
    "add": lambda L: t(L, X) + t(L, Y),
    "sub": lambda L: t(L, X) - t(L, Y),
    "transpose(0, 1)": lambda L: t(L, X).transpose(0, 1),
    "unsqueeze(1)": lambda L: t(L, X).unsqueeze(1),
    "where": lambda L: L.where(t(L, X, False) > 0, t(L, X), t(L, Y)),
}


def saved_names(node: Any) -> set[str]:
    return {n for n in dir(node) if n.startswith(("_saved_", "_raw_saved_"))
            and not n.endswith("_sym_strides")} - LIBRARY_ONLY


def value(v: Any) -> Any:
    if isinstance(v, torch.Tensor | ag.Tensor):
        return ("tensor", v.dtype == (torch.bool if isinstance(v, torch.Tensor) else np.bool_),
                np.asarray(v.detach().numpy()).astype(float).round(12).tolist())
    if isinstance(v, tuple | list):
        return tuple(v)
    return v


@pytest.mark.parametrize("name", PROGRAMS)
def test_saved_names_and_values_match_torch(name) -> None:
    ours, theirs = PROGRAMS[name](ag).grad_fn, PROGRAMS[name](torch).grad_fn
    names = saved_names(theirs)
    assert saved_names(ours) == names
    for attr in sorted(n for n in names if n.startswith("_saved_")):
        assert value(getattr(ours, attr)) == value(getattr(theirs, attr)), attr
    for attr in sorted(n for n in names if n.startswith("_raw_saved_")):
        assert (getattr(ours, attr) is None) == (getattr(ours, attr.replace("_raw", "")) is None)


@pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])
def test_a_saved_input_is_the_input_itself_and_unneeded_slots_are_none(lib) -> None:
    x, c = t(lib, X), t(lib, Y, False)
    y = x * c
    assert y.grad_fn._saved_self is None  # only c's gradient would need x: not saved
    assert y.grad_fn._saved_other is c
    z = x * x
    assert z.grad_fn._saved_self is x and z.grad_fn._saved_other is x


@pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])
def test_reading_a_saved_tensor_after_backward_is_torch_error(lib) -> None:
    x = t(lib, X)
    y = x.exp()
    y.sum().backward(retain_graph=True)
    assert value(y.grad_fn._saved_result) == value(y)  # kept: retain_graph
    y.sum().backward()
    with pytest.raises(RuntimeError) as error:
        y.grad_fn._saved_result  # noqa: B018
    assert str(error.value) == FREED_MESSAGE
    assert "_saved_result" in dir(y.grad_fn)


@pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])
def test_reading_a_tensor_changed_in_place_is_the_version_error(lib) -> None:
    x = t(lib, X)
    h = x * 1.0
    y = h * h
    h.add_(1.0)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.grad_fn._saved_self  # noqa: B018


@pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])
def test_a_slot_torch_does_not_save_may_change_in_place(lib) -> None:
    """``h * c`` with a constant ``c``: only ``c`` is saved, so changing ``h`` in place afterwards
    is no error, and the gradient is ``c``."""
    x, c = t(lib, X), t(lib, Y, False)
    h = x * 1.0
    y = h * c
    h.add_(1.0)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.detach().numpy(), Y, rtol=1e-12)


def test_the_unneeded_slot_keeps_no_memory_and_gradients_match_torch_for_every_combination() -> None:
    cases = [("mul", lambda a, b: a * b), ("div", lambda a, b: a / b), ("mm", lambda a, b: a.mm(b.t()))]
    for name, f in cases:
        for ra, rb in [(True, True), (True, False), (False, True)]:
            grads = []
            for lib in (ag, torch):
                a, b = t(lib, X, ra), t(lib, P, rb)
                out = f(a, b)
                out.backward(lib.tensor(np.ones(out.shape), dtype=lib.float64))
                grads.append([None if g is None else g.detach().numpy() for g in (a.grad, b.grad)])
            for ours, theirs in zip(*grads, strict=True):
                assert (ours is None) == (theirs is None), (name, ra, rb)
                if ours is not None:
                    np.testing.assert_allclose(ours, theirs, rtol=1e-12, err_msg=f"{name} {ra} {rb}")
    y = t(ag, X) * t(ag, Y, False)
    kept = y.grad_fn._saved[0]
    assert kept.shape == (3, 4) and kept.data.strides == (0, 0)  # a stand-in, no memory


def test_a_custom_function_has_no_saved_names_but_its_saved_tensors() -> None:
    class Twice(ag.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a.data * 2

        @staticmethod
        def backward(ctx, grad):
            return grad * 2

    y = Twice.apply(t(ag, X))
    assert not [n for n in dir(y.grad_fn) if n.startswith("_saved_") and n != "_saved_versions"]
    with pytest.raises(AttributeError, match="_saved_self"):
        y.grad_fn._saved_self  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'anything'"):
        y.grad_fn.anything  # noqa: B018
