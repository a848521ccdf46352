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


#: Programs where torch leaves a slot unsaved because no needed gradient reads it (``x * c``: only
#: ``c``'s gradient would read ``x``). The library keeps that slot (chapter 6 teaches that
#: ``MulBackward`` saves both factors) except under saved-tensor hooks, where it packs exactly
#: what torch packs, so there ``_saved_<name>`` is ``None`` as in torch.
UNNEEDED_SLOT = {"x * constant", "constant * x", "x * 2.0", "x / constant", "mm constant weight",
                 "mm constant input"}


def node_of(lib: Any, name: str, hooked: bool) -> Any:
    if not hooked:
        return PROGRAMS[name](lib).grad_fn
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
        return PROGRAMS[name](lib).grad_fn


@pytest.mark.parametrize("hooked", [False, True], ids=["plain", "under hooks"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_saved_names_and_values_match_torch(name, hooked) -> None:
    ours, theirs = node_of(ag, name, hooked), node_of(torch, name, hooked)
    names = saved_names(theirs)
    assert saved_names(ours) == names
    for attr in sorted(n for n in names if n.startswith("_saved_")):
        if not hooked and name in UNNEEDED_SLOT and getattr(theirs, attr) is None:
            assert isinstance(getattr(ours, attr), ag.Tensor), attr  # the library keeps it
            continue
        assert value(getattr(ours, attr)) == value(getattr(theirs, attr)), attr
    for attr in sorted(n for n in names if n.startswith("_raw_saved_")):
        assert (getattr(ours, attr) is None) == (getattr(ours, attr.replace("_raw", "")) is None)


@pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])
def test_a_saved_input_is_the_input_itself(lib) -> None:
    x, c = t(lib, X), t(lib, Y, False)
    y = x * c
    assert y.grad_fn._saved_self is (x if lib is ag else None)  # torch: only c's gradient would read x
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
def test_a_slot_torch_does_not_save_may_change_in_place_under_hooks(lib) -> None:
    """``h * c`` with a constant ``c``: torch saves only ``c``, so changing ``h`` in place
    afterwards is no error, and the gradient is ``c``. The library keeps ``h`` and raises, except
    under hooks (where it packs what torch packs)."""
    x, c = t(lib, X), t(lib, Y, False)
    h = x * 1.0
    y = h * c
    h.add_(1.0)
    if lib is ag:
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            y.sum().backward()
    x.grad = None
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
        h = x * 1.0
        y = h * c
    h.add_(1.0)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.detach().numpy(), Y, rtol=1e-12)


@pytest.mark.parametrize("hooked", [False, True], ids=["plain", "under hooks"])
def test_gradients_match_torch_for_every_requires_grad_combination(hooked) -> None:
    cases = [("mul", lambda a, b: a * b), ("div", lambda a, b: a / b), ("mm", lambda a, b: a.mm(b.t())),
             ("pow", lambda a, b: a ** b)]
    for name, f in cases:
        for ra, rb in [(True, True), (True, False), (False, True)]:
            grads = []
            for lib in (ag, torch):
                a, b = t(lib, P, ra), t(lib, Y, rb)
                if hooked:
                    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
                        out = f(a, b)
                else:
                    out = f(a, b)
                out.backward(lib.tensor(np.ones(out.shape), dtype=lib.float64))
                grads.append([None if g is None else g.detach().numpy() for g in (a.grad, b.grad)])
            for ours, theirs in zip(*grads, strict=True):
                assert (ours is None) == (theirs is None), (name, ra, rb)
                if ours is not None:
                    np.testing.assert_allclose(ours, theirs, rtol=1e-12, err_msg=f"{name} {ra} {rb}")


def test_under_hooks_an_unneeded_slot_keeps_no_memory() -> None:
    with ag.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
        y = t(ag, X) * t(ag, Y, False)
    kept = y.grad_fn._saved[0]
    assert kept.shape == (3, 4) and kept.data.strides == (0, 0)  # a stand-in, no memory
    assert y.grad_fn._packed[0] is None and y.grad_fn._packed[1] is not None


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
