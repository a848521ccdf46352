"""A scalar autograd engine in micrograd's style (one Python object per number), written for
the benchmark only: it shows what autograd_lib gains by putting a whole array in each node.

``Value`` holds one float, its gradient, its parents and a closure that applies the chain rule
for the operation that produced it; ``backward`` visits the graph in topological order
(iteratively, so deep graphs work). ``MLP`` is a network of ``Neuron`` objects.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence


class Value:
    """One scalar of a computation, with ``grad`` = d(output)/d(this value) after ``backward``."""

    __slots__ = ("data", "grad", "_backward", "_prev")

    def __init__(self, data: float, _prev: tuple[Value, ...] = ()) -> None:
        self.data = data
        self.grad = 0.0
        self._backward: Callable[[], None] = _noop
        self._prev = _prev

    def __add__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def _backward() -> None:  # d(a + b)/da = 1, d(a + b)/db = 1
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def _backward() -> None:  # d(a b)/da = b, d(a b)/db = a
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self) -> Value:
        """max(x, 0); d/dx = 1 if x > 0 else 0."""
        out = Value(self.data if self.data > 0 else 0.0, (self,))

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def exp(self) -> Value:
        """e^x; d/dx = e^x."""
        out = Value(math.exp(self.data), (self,))

        def _backward() -> None:
            self.grad += out.data * out.grad

        out._backward = _backward
        return out

    def log(self) -> Value:
        """log x; d/dx = 1 / x."""
        out = Value(math.log(self.data), (self,))

        def _backward() -> None:
            self.grad += out.grad / self.data

        out._backward = _backward
        return out

    def __neg__(self) -> Value:
        return self * -1.0

    def __sub__(self, other: Value | float) -> Value:
        return self + (-other)

    def __radd__(self, other: float) -> Value:
        return self + other

    def __rmul__(self, other: float) -> Value:
        return self * other

    def backward(self) -> None:
        """Set ``grad`` of every value this one depends on (iterative topological order)."""
        order: list[Value] = []
        visited: set[int] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
            elif id(node) not in visited:
                visited.add(id(node))
                stack.append((node, True))
                stack.extend((child, False) for child in node._prev if id(child) not in visited)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()


def _noop() -> None:
    pass


class Neuron:
    """``act(w . x + b)`` with one ``Value`` per weight."""

    def __init__(self, fan_in: int, relu: bool, rng: random.Random) -> None:
        bound = 1 / math.sqrt(fan_in)
        self.w = [Value(rng.uniform(-bound, bound)) for _ in range(fan_in)]
        self.b = Value(rng.uniform(-bound, bound))
        self.relu = relu

    def __call__(self, x: Sequence[Value | float]) -> Value:
        out = self.b
        for wi, xi in zip(self.w, x, strict=True):
            out = out + wi * xi
        return out.relu() if self.relu else out

    def parameters(self) -> list[Value]:
        return [*self.w, self.b]


class MLP:
    """Fully connected layers of Neurons, ReLU between them, logits out."""

    def __init__(self, sizes: Sequence[int], seed: int = 0) -> None:
        rng = random.Random(seed)
        self.layers = [
            [Neuron(fan_in, i < len(sizes) - 2, rng) for _ in range(fan_out)]
            for i, (fan_in, fan_out) in enumerate(zip(sizes[:-1], sizes[1:], strict=True))
        ]

    def __call__(self, x: Sequence[float]) -> list[Value]:
        out: list = list(x)
        for layer in self.layers:
            out = [neuron(out) for neuron in layer]
        return out

    def parameters(self) -> list[Value]:
        return [p for layer in self.layers for neuron in layer for p in neuron.parameters()]


def cross_entropy(logits: list[Value], target: int) -> Value:
    """-log softmax(logits)[target], shifted by the max logit for stability."""
    shift = max(v.data for v in logits)
    total = sum((v - shift).exp() for v in logits)
    return total.log() - (logits[target] - shift)


def train_step(model: MLP, X: Sequence[Sequence[float]], y: Sequence[int], lr: float) -> float:
    """One SGD step on the batch (mean cross-entropy): zero grads, forward, backward, update."""
    params = model.parameters()
    for p in params:
        p.grad = 0.0
    loss = sum(cross_entropy(model(x), t) for x, t in zip(X, y, strict=True)) * (1.0 / len(y))
    loss.backward()
    for p in params:
        p.data -= lr * p.grad
    return loss.data
