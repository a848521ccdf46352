"""What the student's engine can do, chapter by chapter, each compared with torch in float64.

A milestone is a function of the engine's root package (active in ``sys.modules``) that returns
its figures (numbers, and the paths of the pictures it drew) or raises ``Mismatch``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np


class Mismatch(AssertionError):
    """The engine's numbers differ from torch's (the message says where)."""


@dataclass(frozen=True)
class Milestone:
    name: str
    chapter: str  # the chapter after which it runs
    uses: tuple[str, ...]  # grade_ids of the pieces it exercises
    run: Callable[..., dict]


def _close(what: str, got, expected, rtol: float = 1e-9, atol: float = 1e-10) -> float:
    got, expected = np.asarray(got, dtype=np.float64), np.asarray(expected, dtype=np.float64)
    if got.shape != expected.shape:
        raise Mismatch(f"{what}: shape {got.shape}, torch's {expected.shape}")
    if not np.allclose(got, expected, rtol=rtol, atol=atol):
        index = np.unravel_index(np.argmax(np.abs(got - expected)), got.shape)
        raise Mismatch(f"{what} differs from torch at index {tuple(int(i) for i in index)}: "
                       f"{got[index]:.6g} vs {expected[index]:.6g}")
    return float(np.max(np.abs(got - expected), initial=0.0))


def _torch():
    import torch

    return torch


# ---------------------------------------------------------------------------------------- ch 3
def graph(lib, **_) -> dict:
    """A reused node (``a`` feeds three operations) and a two-output node, against torch."""
    torch = _torch()
    rng = np.random.default_rng(3)
    a0, w0 = rng.normal(size=(4,)), rng.normal(size=(4,))

    class Halves(lib.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 2.0, x.exp()

        @staticmethod
        def backward(ctx, g_double, g_exp):
            (x,) = ctx.saved_tensors
            return g_double * 2.0 + g_exp * x.exp()

    def ours():
        a, w = lib.tensor(a0, requires_grad=True), lib.tensor(w0, requires_grad=True)
        b = a * a
        double, e = Halves.apply(b)
        loss = (double * w + e / (a * a + 1.0) - a).sum()
        loss.backward()
        return loss.data, a.grad.data, w.grad.data

    def theirs():
        a, w = torch.tensor(a0, requires_grad=True), torch.tensor(w0, requires_grad=True)
        b = a * a
        double, e = b * 2.0, b.exp()
        loss = (double * w + e / (a * a + 1.0) - a).sum()
        loss.backward()
        return loss.detach().numpy(), a.grad.numpy(), w.grad.numpy()

    got, want = ours(), theirs()
    return {"loss": float(got[0]), "max_error": max(_close("loss", got[0], want[0]),
                                                     _close("a.grad", got[1], want[1]),
                                                     _close("w.grad", got[2], want[2]))}


# ---------------------------------------------------------------------------------------- ch 4
def batched(lib, **_) -> dict:
    """A batched two-layer network (bias broadcast over a batch and over a batch of batches)."""
    torch = _torch()
    rng = np.random.default_rng(4)
    arrays = {"x": rng.normal(size=(2, 6, 5)), "w1": rng.normal(size=(5, 4)), "b1": rng.normal(size=(4,)),
              "w2": rng.normal(size=(3, 4)), "b2": rng.normal(size=(6, 1))}

    def forward(t, mm):
        hidden = mm(t["x"], t["w1"]) + t["b1"]
        out = mm(hidden * hidden, t["w2"].transpose(0, 1)) * t["b2"]
        return (out * out).sum() / 12.0

    ours = {k: lib.tensor(v, requires_grad=k != "x") for k, v in arrays.items()}
    loss = forward(ours, lambda a, b: a @ b)
    loss.backward()
    theirs = {k: torch.tensor(v, requires_grad=k != "x") for k, v in arrays.items()}
    expected = forward(theirs, lambda a, b: a @ b)
    expected.backward()
    error = _close("loss", loss.data, expected.detach().numpy())
    for name in ("w1", "b1", "w2", "b2"):
        error = max(error, _close(f"{name}.grad", ours[name].grad.data, theirs[name].grad.numpy()))
    return {"loss": float(loss.data), "max_error": error}


# ---------------------------------------------------------------------------------------- ch 8
def mlp(lib, **_) -> dict:
    """An MLP of the engine's Module, Linear and LinearFunction: its parameters, output and gradients."""
    torch = _torch()
    lib.manual_seed(8)
    model = lib.nn.MLP([5, 7, 3])
    named = dict(model.named_parameters())
    if sorted(named) != ["layers.0.bias", "layers.0.weight", "layers.2.bias", "layers.2.weight"]:
        raise Mismatch(f"the MLP's parameters are {sorted(named)}")
    x0 = np.random.default_rng(8).normal(size=(6, 5))
    out = model(lib.tensor(x0))
    (out * out).sum().backward()
    twin = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.ReLU(), torch.nn.Linear(7, 3)).double()
    with torch.no_grad():
        for name, p in twin.named_parameters():
            p.copy_(torch.tensor(named["layers." + name].data))
    expected = twin(torch.tensor(x0))
    (expected * expected).sum().backward()
    error = _close("output", out.data, expected.detach().numpy())
    for name, p in twin.named_parameters():
        error = max(error, _close(f"grad of layers.{name}", named["layers." + name].grad.data, p.grad.numpy()))
    return {"parameters": int(sum(p.data.size for p in named.values())), "max_error": error}


# ---------------------------------------------------------------------------------------- ch 9
def digits(lib, epochs: int = 40, out: Path | None = None, **_) -> dict:
    """scikit-learn's digits (8x8), a 64-64-10 MLP trained with the engine's loss and SGD; the same
    network trained by torch from the same initial weights beside it."""
    from grader.engine.digits import load, train_engine, train_torch

    data = load()
    start = time.perf_counter()
    ours = train_engine(lib, data, epochs)
    seconds = time.perf_counter() - start
    figures = {"test_accuracy": ours["accuracy"], "seconds": round(seconds, 2), "epochs": epochs,
               "train_images": int(len(data["y_train"])), "test_images": int(len(data["y_test"]))}
    start = time.perf_counter()
    theirs = train_torch(data, ours["initial"], epochs)
    figures.update(torch_test_accuracy=theirs["accuracy"], torch_seconds=round(time.perf_counter() - start, 2))
    figures["loss_gap_to_torch"] = float(np.max(np.abs(np.array(ours["losses"]) - np.array(theirs["losses"]))))
    if out is not None:
        from grader.engine.digits import draw

        figures["pictures"] = draw(data, ours, theirs, Path(out))
    if figures["loss_gap_to_torch"] > 1e-6:
        raise Mismatch(f"the loss curve differs from torch's by {figures['loss_gap_to_torch']:.3g}")
    if epochs >= 40 and ours["accuracy"] < 0.95:
        raise Mismatch(f"test accuracy {ours['accuracy']:.3f} is below 0.95")
    return figures


# ---------------------------------------------------------------------------------------- ch 12
def jacobian(lib, **_) -> dict:
    """A Jacobian built from forward-mode JVPs (one per input element), against torch's."""
    torch = _torch()
    fad = lib.forward_ad
    rng = np.random.default_rng(12)
    a0, x0 = rng.normal(size=(3, 4)), rng.normal(size=(4,))

    def f(x):
        return fad.matmul(a0, fad.mul(fad.sin(x), fad.exp(x)))

    columns = [np.asarray(fad.jvp(f, (x0,), (np.eye(4)[j],))[1].data if hasattr(
        fad.jvp(f, (x0,), (np.eye(4)[j],))[1], "data") else fad.jvp(f, (x0,), (np.eye(4)[j],))[1])
        for j in range(4)]
    ours = np.stack(columns, axis=-1)
    expected = torch.autograd.functional.jacobian(
        lambda x: torch.tensor(a0) @ (torch.sin(x) * torch.exp(x)), torch.tensor(x0))
    return {"shape": list(ours.shape), "max_error": _close("Jacobian", ours, expected.numpy())}


MILESTONES = (
    Milestone("graph", "03_backward_engine", ("mul", "exp", "div", "operators", "topological_order", "seed",
                                              "backward"), graph),
    Milestone("batched", "04_shapes", ("mul", "operators", "backward", "unbroadcast", "sum_backward",
                                       "transpose_backward", "matmul_backward"), batched),
    Milestone("mlp", "08_modules_and_parameters", ("backward", "unbroadcast", "linear_function", "linear",
                                                   "module_setattr", "linear_module", "mlp"), mlp),
    Milestone("digits", "09_training", ("backward", "unbroadcast", "linear_function", "module_setattr",
                                        "linear_module", "mlp", "log_softmax", "cross_entropy_function",
                                        "sgd_step"), digits),
    Milestone("jacobian", "12_higher_order_and_forward_mode", ("dual_rules", "jvp"), jacobian),
)
