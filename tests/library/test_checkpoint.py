"""``utils.checkpoint.checkpoint`` and ``checkpoint_sequential`` against torch 2.13's
non-reentrant checkpoint (``use_reentrant=False``), on the same programs.

Compared: the gradients (with and without checkpointing), how many times the checkpointed
function runs (forward, then once per backward pass that needs its tensors), and, for a deep
MLP, the bytes held by saved tensors (numel x itemsize of every tensor packed outside the
checkpoints) for each segment length.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
import torch
import torch.utils.checkpoint

import autograd_lib as ag
from autograd_lib.utils.checkpoint import TWICE_MESSAGE

RNG = np.random.default_rng(46)
DEPTH, WIDTH, BATCH = 8, 16, 4
X = RNG.normal(size=(BATCH, WIDTH))
WEIGHTS = [(RNG.normal(size=(WIDTH, WIDTH)) / 4, RNG.normal(size=WIDTH) / 4) for _ in range(DEPTH)]
LIBS = pytest.mark.parametrize("lib", [ag, torch], ids=["autograd_lib", "torch"])


def t(lib: Any, values: Any, requires_grad: bool = True) -> Any:
    return lib.tensor(values, dtype=lib.float64, requires_grad=requires_grad)


class Net:
    """A deep tanh MLP written with plain ops, counting how often each layer runs."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        self.params = [(t(lib, w), t(lib, b)) for w, b in WEIGHTS]
        self.calls = 0

    def layers(self, lo: int, hi: int) -> Any:
        def run(h: Any) -> Any:
            self.calls += 1
            for w, b in self.params[lo:hi]:
                h = (h @ w + b).tanh()
            return h
        return run

    def loss(self, x: Any, segment: int | None) -> Any:
        """The loss, with layers checkpointed in pieces of ``segment`` (None: no checkpoint)."""
        h = x
        for lo in range(0, DEPTH, segment or DEPTH):
            hi = min(lo + (segment or DEPTH), DEPTH)
            if segment is None:
                h = self.layers(lo, hi)(h)
            else:
                h = self.lib.utils.checkpoint.checkpoint(self.layers(lo, hi), h, use_reentrant=False)
        return (h * h).sum()

    def grads(self) -> list[np.ndarray]:
        return [p.grad.numpy().copy() for pair in self.params for p in pair]


def saved_bytes(lib: Any, segment: int | None, x_requires_grad: bool = False) -> dict[str, Any]:
    net, held = Net(lib), []
    with lib.autograd.graph.saved_tensors_hooks(
            lambda s: held.append(s.numel() * s.element_size()) or s, lambda s: s):
        loss = net.loss(t(lib, X, x_requires_grad), segment)
    forward_calls = net.calls
    loss.backward()
    return {"bytes": sum(held), "tensors": len(held), "forward calls": forward_calls,
            "backward calls": net.calls - forward_calls, "grads": net.grads()}


@pytest.mark.parametrize("segment", [None, 1, 2, 4, 8])
def test_deep_mlp_saved_bytes_calls_and_gradients_match_torch(segment) -> None:
    ours, theirs = saved_bytes(ag, segment), saved_bytes(torch, segment)
    plain = saved_bytes(ag, None)
    for a, b, c in zip(ours.pop("grads"), theirs.pop("grads"), plain.pop("grads"), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(a, c, rtol=1e-12, atol=1e-14)  # checkpointing changes no gradient
    assert ours == theirs
    if segment is not None:
        assert ours["backward calls"] == ours["forward calls"] == DEPTH // segment
        assert ours["bytes"] < plain["bytes"]


def test_the_memory_figures_of_the_deep_mlp() -> None:
    """Measured: without checkpointing a layer keeps its input, its weight (when the input
    requires grad: not the first layer's) and its tanh output; with checkpoints only each
    checkpoint's input is kept. The loss ``h * h`` keeps ``h`` twice. Each checkpointed layer
    runs twice."""
    figures = {segment: saved_bytes(ag, segment) for segment in (None, 1, 2, 4, 8)}
    activation, weight = BATCH * WIDTH * 8, WIDTH * WIDTH * 8
    loss = 2 * activation
    assert figures[None]["bytes"] == 2 * activation + (DEPTH - 1) * (2 * activation + weight) + loss
    for segment in (1, 2, 4, 8):
        assert figures[segment]["bytes"] == DEPTH // segment * activation + loss
    assert [figures[s]["backward calls"] for s in (1, 2, 4, 8)] == [8, 4, 2, 1]
    assert [figures[s]["bytes"] for s in (None, 1, 2, 4, 8)] == [23552, 5120, 3072, 2048, 1536]


def run_counts(lib: Any, backwards: int) -> dict[str, Any]:
    calls = []

    def f(a, w):
        calls.append(1)
        return (a @ w).tanh() * 2

    x, w = t(lib, X[:, :3]), t(lib, WEIGHTS[0][0][:3, :3])
    y = lib.utils.checkpoint.checkpoint(f, x, w, use_reentrant=False)
    counts = [len(calls)]
    for i in range(backwards):
        y.sum().backward(retain_graph=i < backwards - 1)
        counts.append(len(calls))
    return {"calls": counts, "grads": [np.round(x.grad.numpy(), 10).tolist(), np.round(w.grad.numpy(), 10).tolist()]}


def test_each_backward_pass_recomputes_once_as_torch() -> None:
    assert run_counts(ag, 1) == run_counts(torch, 1)
    ours = run_counts(ag, 2)
    assert ours == run_counts(torch, 2) and ours["calls"] == [1, 2, 3]


@LIBS
def test_autograd_grad_through_a_checkpoint(lib) -> None:
    net = Net(lib)
    x = t(lib, X)
    loss = net.loss(x, 2)
    (gx,) = lib.autograd.grad(loss, [x])
    assert net.calls == 8
    plain = Net(lib)
    x2 = t(lib, X)
    (gx2,) = lib.autograd.grad(plain.loss(x2, None), [x2])
    np.testing.assert_allclose(gx.numpy(), gx2.numpy(), rtol=1e-12)


def test_outer_hooks_see_the_checkpoint_inputs_as_torch() -> None:
    records = []
    for lib in (ag, torch):
        log, calls = [], []

        def f(a, w, calls=calls):
            calls.append(1)
            return (a @ w).tanh() * 2

        x, w = t(lib, X[:, :3]), t(lib, WEIGHTS[0][0][:3, :3])
        with lib.autograd.graph.saved_tensors_hooks(lambda s, log=log: log.append("pack") or s,
                                                    lambda s, log=log: log.append("unpack") or s):
            z = lib.utils.checkpoint.checkpoint(f, x, w, use_reentrant=False).exp()
        packs = len(log)
        z.sum().backward()
        records.append((packs, len(log) - packs, len(calls)))
    assert records[0] == records[1] == (3, 3, 2)


@LIBS
def test_no_recording_no_recomputation(lib) -> None:
    calls = []

    def f(a):
        calls.append(1)
        return a.exp()

    with lib.no_grad():
        y = lib.utils.checkpoint.checkpoint(f, t(lib, X), use_reentrant=False)
    z = lib.utils.checkpoint.checkpoint(f, t(lib, X, False), use_reentrant=False)
    assert not y.requires_grad and not z.requires_grad and len(calls) == 2


def test_random_numbers_are_drawn_again_the_same_way() -> None:
    def f(a):
        return a * ag.randn(*a.shape)

    ag.manual_seed(7)
    x = t(ag, X)
    ag.utils.checkpoint.checkpoint(f, x, use_reentrant=False).sum().backward()
    ag.manual_seed(7)
    noise = ag.randn(*X.shape)
    np.testing.assert_array_equal(x.grad.numpy(), noise.numpy())


@LIBS
def test_checkpoint_sequential_matches_plain_gradients(lib) -> None:
    net = Net(lib)
    functions = [net.layers(i, i + 1) for i in range(DEPTH)]
    x = t(lib, X)
    out = lib.utils.checkpoint.checkpoint_sequential(functions, 4, x, use_reentrant=False)
    (out * out).sum().backward()
    assert net.calls == DEPTH + 6  # 3 checkpointed segments of 2 layers run again; the last does not
    plain = Net(lib)
    x2 = t(lib, X)
    plain.loss(x2, None).backward()
    np.testing.assert_allclose(x.grad.numpy(), x2.grad.numpy(), rtol=1e-12)
    for a, b in zip(net.grads(), plain.grads(), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14)


def test_use_reentrant_must_be_passed_and_only_false_is_implemented() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ag.utils.checkpoint.checkpoint(lambda a: a.exp(), t(ag, X))
    assert any("use_reentrant parameter should be passed explicitly" in str(w.message) for w in caught)
    with pytest.raises(NotImplementedError, match="use_reentrant=False"):
        ag.utils.checkpoint.checkpoint(lambda a: a.exp(), t(ag, X), use_reentrant=True)


def test_a_node_reading_its_saved_tensors_twice_in_one_pass_is_torch_error() -> None:
    messages = []
    for lib in (ag, torch):
        class Twice(lib.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                ctx.save_for_backward(a)
                return a * 2

            @staticmethod
            def backward(ctx, grad):
                ctx.saved_tensors  # noqa: B018
                ctx.saved_tensors  # noqa: B018
                return grad * 2

        y = lib.utils.checkpoint.checkpoint(lambda a, F=Twice: F.apply(a.exp()), t(lib, X), use_reentrant=False)
        with pytest.raises(Exception) as error:  # noqa: PT011  (torch wraps it in its CheckpointError)
            y.sum().backward()
        messages.append(str(error.value))
    assert messages[0] == TWICE_MESSAGE
    assert TWICE_MESSAGE in messages[1]


def test_second_derivatives_through_a_checkpoint_match_torch() -> None:
    results = []
    for lib in (ag, torch):
        x = t(lib, X[0, :3])
        y = lib.utils.checkpoint.checkpoint(lambda a: (a * a * a).sum() + a.tanh().sum(), x, use_reentrant=False)
        (g,) = lib.autograd.grad(y, [x], create_graph=True)
        g.sum().backward()
        results.append((g.detach().numpy(), x.grad.numpy()))
    for ours, theirs in zip(*results, strict=True):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_set_rng_state_draws_the_same_numbers_again() -> None:
    ag.manual_seed(3)
    state = ag.get_rng_state()
    first = ag.rand(4).numpy().copy()
    assert not np.array_equal(ag.rand(4).numpy(), first)
    ag.set_rng_state(state)
    np.testing.assert_array_equal(ag.rand(4).numpy(), first)
