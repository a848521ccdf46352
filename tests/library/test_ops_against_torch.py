"""Every op gives the same values and gradients as torch (float64), broadcasting included,
and passes gradcheck and gradgradcheck (its backward is written with Tensor ops)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from agl_op_specs import SPEC_IDS, SPECS, OpSpec
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import mutually_broadcastable_shapes

import autograd_lib as ag
from autograd_lib.testing import compare_with_torch


@pytest.mark.parametrize("spec", SPECS, ids=SPEC_IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_op_values_and_gradients_match_torch(spec: OpSpec, seed: int) -> None:
    compare_with_torch(spec.ours, spec.torch_fn, *spec.arrays(seed), seed=seed)


@pytest.mark.parametrize("spec", SPECS, ids=SPEC_IDS)
def test_op_passes_gradcheck(spec: OpSpec) -> None:
    inputs = [ag.tensor(a, requires_grad=True) for a in spec.arrays(2)]
    assert ag.gradcheck(spec.ours, inputs)


@pytest.mark.parametrize("spec", SPECS, ids=SPEC_IDS)
def test_op_passes_gradgradcheck_because_its_backward_uses_tensor_ops(spec: OpSpec) -> None:
    inputs = [ag.tensor(a, requires_grad=True) for a in spec.arrays(3)]
    assert ag.gradgradcheck(spec.ours, inputs)


@pytest.mark.parametrize("op", ["add", "sub", "mul", "div"])
@settings(max_examples=15, deadline=None)
@given(shapes=mutually_broadcastable_shapes(num_shapes=2, max_dims=4, max_side=3),
       seed=st.integers(0, 2**16))
def test_binary_op_broadcasting_matches_torch_on_random_shapes(op, shapes, seed) -> None:
    fn = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b,
          "mul": lambda a, b: a * b, "div": lambda a, b: a / (b * b + 1)}[op]
    rng = np.random.default_rng(seed)
    a, b = (rng.standard_normal(s) for s in shapes.input_shapes)
    compare_with_torch(fn, fn, a, b, seed=seed)


@settings(max_examples=15, deadline=None)
@given(shapes=mutually_broadcastable_shapes(
    signature="(m?,n),(n,p?)->(m?,p?)", max_dims=3, max_side=3),
    seed=st.integers(0, 2**16))
def test_matmul_matches_torch_on_random_shapes(shapes, seed) -> None:
    rng = np.random.default_rng(seed)
    a, b = (rng.standard_normal(s) for s in shapes.input_shapes)
    compare_with_torch(lambda x, y: x @ y, lambda x, y: x @ y, a, b, seed=seed)


@settings(max_examples=20, deadline=None)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=4), data=st.data())
def test_reductions_match_torch_on_random_dims(shape, data) -> None:
    ndim = len(shape)
    dims = data.draw(st.lists(st.integers(-ndim, ndim - 1), min_size=1, max_size=ndim,
                              unique_by=lambda d: d % ndim))
    keepdim = data.draw(st.booleans())
    x = np.random.default_rng(len(shape)).standard_normal(shape)
    for method in ("sum", "mean"):
        compare_with_torch(lambda t, m=method: getattr(t, m)(dim=tuple(dims), keepdim=keepdim),
                           lambda t, m=method: getattr(t, m)(dim=tuple(dims), keepdim=keepdim),
                           x)


def test_max_gradient_is_shared_among_ties_like_torch() -> None:
    data = np.array([[1.0, 3.0], [3.0, 0.0]])
    compare_with_torch(lambda a: a.max(), lambda a: a.max(), data)


def test_max_along_dim_returns_values_and_indices_like_torch() -> None:
    x = np.random.default_rng(0).standard_normal((3, 5))
    values, indices = ag.tensor(x).max(dim=1)
    expected = torch.tensor(x).max(dim=1)
    np.testing.assert_array_equal(indices.data, expected.indices.numpy())
    np.testing.assert_allclose(values.data, expected.values.numpy())
    assert not indices.requires_grad
