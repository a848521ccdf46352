"""``autograd.graph.saved_tensors_hooks(pack, unpack)`` against torch 2.13.

Every program is written once and run on both libraries (``lib`` is ``torch`` or ``autograd_lib``)
under hooks that count their calls; the counts of ``pack`` (after forward) and ``unpack`` (after
each backward), what ``pack`` sees, and the gradients must be equal.

Known difference, not tested: a backward with ``create_graph=True`` records the library's own
backward formulas, which save other tensors than torch's, so it packs another number of tensors.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib.saved_tensor import FREED_MESSAGE, PACK_INPLACE_MESSAGE

RNG = np.random.default_rng(45)
X, Y, P = RNG.normal(size=(3, 4)), RNG.normal(size=(3, 4)), RNG.uniform(0.5, 2, (3, 4))
W1, B1, W2, B2 = RNG.normal(size=(4, 5)), RNG.normal(size=5), RNG.normal(size=(5, 2)), RNG.normal(size=2)
LIBS = pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])


def t(lib: Any, values: Any, requires_grad: bool = True) -> Any:
    return lib.tensor(values, dtype=lib.float64, requires_grad=requires_grad)


class Counter:
    """Hooks that count their calls and keep what ``pack`` saw."""

    def __init__(self) -> None:
        self.packs, self.unpacks, self.seen = 0, 0, []

    def pack(self, tensor: Any) -> Any:
        self.packs += 1
        self.seen.append((tuple(tensor.shape), tensor.requires_grad, tensor.grad_fn is not None))
        return tensor

    def unpack(self, tensor: Any) -> Any:
        self.unpacks += 1
        return tensor


def mlp(lib: Any, x: Any, act: str = "tanh") -> Any:
    w1, b1, w2, b2 = t(lib, W1), t(lib, B1), t(lib, W2), t(lib, B2)
    h = getattr(x @ w1 + b1, act)()
    return ((h @ w2 + b2).sigmoid() * 3.0).sum(), (w1, b1, w2, b2)


PROGRAMS = {
    "exp": lambda L: ((x := t(L, X)).exp().sum(), (x,)),
    "x * y": lambda L: (((x := t(L, X)) * (y := t(L, Y))).sum(), (x, y)),
    "x * x (saved twice)": lambda L: (((x := t(L, X)) * x).sum(), (x,)),
    "x * constant": lambda L: (((x := t(L, X)) * t(L, Y, False)).sum(), (x,)),
    "x / y": lambda L: (((x := t(L, X)) / (y := t(L, P))).sum(), (x, y)),
    "x / constant": lambda L: (((x := t(L, X)) / t(L, P, False)).sum(), (x,)),
    "pow 3": lambda L: ((x := t(L, X)).pow(3.0).sum(), (x,)),
    "x ** y": lambda L: (((x := t(L, P)) ** (y := t(L, Y))).sum(), (x, y)),
    "x ** constant tensor": lambda L: (((x := t(L, P)) ** t(L, Y, False)).sum(), (x,)),
    "log(sqrt(abs))": lambda L: ((x := t(L, X)).abs().sqrt().log().sum(), (x,)),
    "mlp, input without grad": lambda L: mlp(L, t(L, X, False)),
    "mlp, input with grad": lambda L: mlp(L, t(L, X)),
    "mlp relu": lambda L: mlp(L, t(L, X, False), "relu"),
    "mean of squares": lambda L: (((x := t(L, X)) ** 2.0).mean(), (x,)),
}


def run(lib: Any, program: Any, backwards: int = 1) -> dict[str, Any]:
    hooks = Counter()
    with lib.autograd.graph.saved_tensors_hooks(hooks.pack, hooks.unpack):
        loss, leaves = program(lib)
    record = {"packs": hooks.packs, "seen": sorted(hooks.seen), "unpacks": []}
    for i in range(backwards):
        loss.backward(retain_graph=i < backwards - 1)
        record["unpacks"].append(hooks.unpacks)
    record["grads"] = [np.round(leaf.grad.detach().numpy(), 10).tolist() for leaf in leaves]
    return record


@pytest.mark.parametrize("name", PROGRAMS)
def test_pack_and_unpack_counts_and_gradients_match_torch(name) -> None:
    ours, theirs = run(ag, PROGRAMS[name]), run(torch, PROGRAMS[name])
    assert ours == theirs
    assert ours["packs"] > 0 and ours["unpacks"] == [ours["packs"]]


@pytest.mark.parametrize("name", ["exp", "x * x (saved twice)", "mlp, input without grad"])
def test_a_second_backward_with_retain_graph_unpacks_again(name) -> None:
    ours, theirs = run(ag, PROGRAMS[name], backwards=2), run(torch, PROGRAMS[name], backwards=2)
    assert ours == theirs
    assert ours["unpacks"] == [ours["packs"], 2 * ours["packs"]]


@LIBS
def test_pack_sees_the_saved_tensor_itself_and_unpack_gives_a_new_tensor_in_its_place(lib) -> None:
    seen = []
    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: seen.append(s) or s, lambda s: s):
        y = x.exp()
        z = x * x
    assert seen[0] is y and seen[0].grad_fn is y.grad_fn  # an output saved by its own node
    assert seen[1] is x and seen[2] is x  # an input saved twice is packed twice
    result, self_ = y.grad_fn._saved_result, z.grad_fn._saved_self
    assert result is not y and result.grad_fn is y.grad_fn and result.requires_grad
    assert self_ is not x and self_.grad_fn is None and self_.requires_grad and self_.is_leaf
    np.testing.assert_array_equal(result.detach().numpy(), y.detach().numpy())


@LIBS
def test_nested_hooks_the_innermost_wins(lib) -> None:
    log, x = [], t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: log.append("outer") or s, lambda s: s):
        with lib.autograd.graph.saved_tensors_hooks(lambda s: log.append("inner") or s, lambda s: s):
            x.exp()
        x.exp()
    x.exp()  # no hooks any more
    assert log == ["inner", "outer"]


@LIBS
def test_nothing_is_packed_when_nothing_is_recorded(lib) -> None:
    hooks, x = Counter(), t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(hooks.pack, hooks.unpack):
        with lib.no_grad():
            x.exp()
        t(lib, X, False).exp()
    assert hooks.packs == 0


@LIBS
def test_keeping_activations_in_float16_gives_float16_rounded_gradients(lib) -> None:
    def pack(s):
        return s.detach().numpy().astype(np.float16)

    def unpack(a):
        return lib.tensor(a.astype(np.float64))

    loss_plain, leaves_plain = mlp(lib, t(lib, X, False))
    loss_plain.backward()
    with lib.autograd.graph.saved_tensors_hooks(pack, unpack):
        loss, leaves = mlp(lib, t(lib, X, False))
    loss.backward()
    for leaf, plain in zip(leaves, leaves_plain, strict=True):
        np.testing.assert_allclose(leaf.grad.numpy(), plain.grad.numpy(), rtol=2e-2, atol=2e-2)
    assert any(not np.array_equal(a.grad.numpy(), b.grad.numpy()) for a, b in zip(leaves, leaves_plain, strict=True))


def test_float16_gradients_equal_torch_float16_gradients() -> None:
    grads = []
    for lib in (ag, torch):
        pack = lambda s: s.detach().numpy().astype(np.float16)  # noqa: E731
        unpack = lambda a, lib=lib: lib.tensor(a.astype(np.float64))  # noqa: E731
        with lib.autograd.graph.saved_tensors_hooks(pack, unpack):
            loss, leaves = mlp(lib, t(lib, X, False))
        loss.backward()
        grads.append([leaf.grad.numpy() for leaf in leaves])
    for ours, theirs in zip(*grads, strict=True):
        np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)


@LIBS
def test_with_hooks_a_change_in_place_after_saving_is_not_noticed(lib) -> None:
    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: s):
        h = x * 1.0
        y = h * h
    h.add_(1.0)
    y.sum().backward()  # no version error: the hooks decide what was kept
    np.testing.assert_allclose(x.grad.numpy(), 2 * (X + 1.0), rtol=1e-12)


@LIBS
def test_a_pack_hook_may_not_change_its_input_in_place(lib) -> None:
    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s.add_(1.0), lambda s: s):
        with pytest.raises(RuntimeError) as error:
            (x * 1.0).exp()
    assert str(error.value) == PACK_INPLACE_MESSAGE


@LIBS
def test_an_unpack_hook_must_return_a_tensor(lib) -> None:
    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: 5):
        y = x.exp()
    with pytest.raises(TypeError, match="^Output of saved tensor unpack_hook expected to be a Tensor "
                                        "but got result of type int$"):
        y.sum().backward()


@LIBS
def test_an_unpack_hook_returning_another_shape_fails_where_backward_uses_it(lib) -> None:
    """torch does not check the shape: the backward formula fails (torch: a RuntimeError about
    the sizes; the library: numpy's broadcasting error)."""
    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: s, lambda s: lib.zeros(2, dtype=lib.float64)):
        y = x.exp()
    with pytest.raises((RuntimeError, ValueError)):
        y.sum().backward()


@LIBS
def test_after_backward_the_packed_values_are_freed(lib) -> None:
    hooks, x = Counter(), t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(hooks.pack, hooks.unpack):
        y = x.exp()
    y.sum().backward()
    with pytest.raises(RuntimeError) as error:
        y.sum().backward()
    assert str(error.value) == FREED_MESSAGE
    assert hooks.unpacks == 1


@LIBS
def test_a_custom_function_packs_each_saved_tensor_after_forward(lib) -> None:
    log = []

    class Scale(lib.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            log.append("forward")
            ctx.save_for_backward(a, None, a)
            return a * 2

        @staticmethod
        def backward(ctx, grad):
            ctx.saved_tensors  # noqa: B018
            a, _, _ = ctx.saved_tensors
            return grad * 2, None

    x = t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(lambda s: log.append("pack") or s,
                                                lambda s: log.append("unpack") or s):
        y = Scale.apply(x, t(lib, Y, False))
    y.sum().backward()
    assert log == ["forward", "pack", "pack", "unpack", "unpack", "unpack", "unpack"]


def test_second_derivatives_flow_through_unpacked_tensors_as_in_torch() -> None:
    """An unpacked tensor takes the saved one's place in the graph (its grad_fn, or its leaf's
    AccumulateGrad), so ``create_graph`` differentiates through it; here ``pack`` even copies."""
    results = []
    for lib in (ag, torch):
        x = t(lib, [1.0, 2.0, 3.0])
        with lib.autograd.graph.saved_tensors_hooks(lambda s: s.detach().clone(), lambda s: s):
            total = (x * x * x).sum() + x.exp().sum()
        (g,) = lib.autograd.grad(total, [x], create_graph=True)
        g.sum().backward()
        results.append((g.detach().numpy(), x.grad.numpy()))
    for ours, theirs in zip(*results, strict=True):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)


@LIBS
def test_a_python_number_is_not_packed_but_still_saved(lib) -> None:
    hooks, x = Counter(), t(lib, X)
    with lib.autograd.graph.saved_tensors_hooks(hooks.pack, hooks.unpack):
        y = x * 2.0
    assert hooks.packs == 0
    assert float(y.grad_fn._saved_other) == 2.0 and y.grad_fn._saved_self is None
