"""``unbroadcast`` (the gradient of broadcasting), property-tested over random shapes."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, broadcastable_shapes

import autograd_lib as ag
from autograd_lib.ops.broadcast import unbroadcast


@st.composite
def shape_and_broadcast(draw):
    """A shape and a bigger shape it broadcasts to (maybe with more leading dims)."""
    small = draw(array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=3))
    big = draw(broadcastable_shapes(small, min_dims=len(small), max_dims=4, max_side=3))
    big = np.broadcast_shapes(small, big)
    return small, big


@settings(max_examples=40, deadline=None)
@given(shapes=shape_and_broadcast(), seed=st.integers(0, 1000))
def test_unbroadcast_returns_the_input_shape_and_preserves_the_total(shapes, seed) -> None:
    small, big = shapes
    grad = ag.tensor(np.random.default_rng(seed).standard_normal(big))
    out = unbroadcast(grad, small)
    assert out.shape == small
    np.testing.assert_allclose(out.data.sum(), grad.data.sum(), atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(shapes=shape_and_broadcast(), seed=st.integers(0, 1000))
def test_unbroadcast_is_the_adjoint_of_broadcasting(shapes, seed) -> None:
    # <broadcast(x), g> == <x, unbroadcast(g)> for all x, g: the definition of the gradient
    small, big = shapes
    rng = np.random.default_rng(seed)
    x, g = rng.standard_normal(small), rng.standard_normal(big)
    lhs = np.sum(np.broadcast_to(x, big) * g)
    rhs = np.sum(x * unbroadcast(ag.tensor(g), small).data)
    np.testing.assert_allclose(lhs, rhs, atol=1e-9)


def test_unbroadcast_leaves_a_matching_gradient_alone() -> None:
    g = ag.ones(2, 3)
    assert unbroadcast(g, (2, 3)) is g


def test_gradient_shape_always_equals_input_shape_under_broadcasting() -> None:
    a = ag.randn(3, 1, requires_grad=True)
    b = ag.randn(4, requires_grad=True)
    c = ag.randn(2, 1, 1, requires_grad=True)
    ((a * b + c) / (b * b + 1)).sum().backward()
    for t in (a, b, c):
        assert t.grad.shape == t.shape
