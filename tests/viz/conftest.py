"""Shared fixtures for the viz tests: the Agg backend, closed figures, fake graphs."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


class FakeTensor:
    """A tensor that follows the autograd_lib contract; ``==`` is elementwise like numpy,
    so it is unhashable and the viz code must identify it by ``id``."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, data, grad_fn=None, requires_grad=False):
        self.data = np.asarray(data, dtype=float)
        self.grad = None
        self.grad_fn = grad_fn
        self.requires_grad = requires_grad

    @property
    def shape(self):
        return self.data.shape

    def __eq__(self, other):  # elementwise, like the real Tensor
        return self.data == getattr(other, "data", other)


class FakeAccumulateGrad:
    def __init__(self, variable):
        self.variable = variable
        self.next_functions = ()

    def name(self):
        return "AccumulateGrad"


class FakeNode:
    """A Function node with ``name()``, ``next_functions`` and ``output``."""

    def __init__(self, name, inputs):
        self._name = name
        self.next_functions = tuple((FakeNode._node_of(t), 0) if t is not None else (None, 0) for t in inputs)
        self._output = None

    @staticmethod
    def _node_of(t):
        if t.grad_fn is not None:
            return t.grad_fn
        if not hasattr(t, "_acc"):
            t._acc = FakeAccumulateGrad(t)
        return t._acc

    def name(self):
        return self._name

    @property
    def output(self):
        return self._output


def fake_op(name, *inputs):
    """Apply a fake op: the output's data is the sum of the inputs' data."""
    node = FakeNode(name, inputs)
    out = FakeTensor(sum(t.data for t in inputs), grad_fn=node, requires_grad=True)
    node._output = out
    return out


@pytest.fixture
def fake_graph():
    """``y = Sum(Add(Mul(a, b), a))`` in fake autograd_lib: 4 tensors + 3 Functions... plus
    the root makes 5 tensors (a, b, a*b, a*b + a, y) and 3 Functions."""
    a = FakeTensor([1.0, 2.0], requires_grad=True)
    b = FakeTensor([3.0, 4.0], requires_grad=True)
    ab = fake_op("MulBackward", a, b)
    s = fake_op("AddBackward", ab, a)
    y = fake_op("SumBackward", s)
    a.grad = FakeTensor([4.0, 5.0])
    return {"a": a, "b": b, "ab": ab, "s": s, "y": y}
