"""Layer normalisation (``LayerNormFunction``, ``functional.layer_norm``) against torch in float64:
values, gradients for non-uniform upstream gradients, second derivatives, gradcheck."""

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import autograd_lib as al
from autograd_lib.gradcheck import gradcheck, gradgradcheck
from autograd_lib.nn import functional as F
from autograd_lib.nn.functional import LayerNormFunction
from autograd_lib.testing import assert_close

SHAPES = [(1,), (2,), (5,), (3, 1), (3, 2), (4, 6), (2, 3, 4)]


def pair(array, requires_grad=True):
    return al.tensor(array, requires_grad=requires_grad), torch.tensor(array, requires_grad=requires_grad)


@pytest.mark.parametrize("eps", [1e-5, 0.5])
@pytest.mark.parametrize("shape", SHAPES)
def test_values_and_gradients_match_torch(shape, eps):
    rng = np.random.default_rng(len(shape) * 10 + shape[-1])
    x, tx = pair(rng.normal(size=shape) * 0.7 + 0.3)
    g = rng.normal(size=shape)
    y = LayerNormFunction.apply(x, eps)
    ty = TF.layer_norm(tx, tx.shape[-1:], eps=eps)
    assert_close(y, ty, rtol=1e-12, atol=1e-12, name="output", reference="torch")
    y.backward(al.tensor(g))
    ty.backward(torch.tensor(g))
    assert_close(x.grad, tx.grad, rtol=1e-10, atol=1e-12, name="grad of x", reference="torch")


def test_worked_example_of_the_chapter():
    """x = (0, 2, 2, 8), eps = 0: mean 3, variance 9, y = (-1, -1/3, -1/3, 5/3); the row of the
    Jacobian for output 0 is (1/6, -1/9, -1/9, 1/18)."""
    x = al.tensor([0.0, 2.0, 2.0, 8.0], requires_grad=True)
    y = LayerNormFunction.apply(x, 0.0)
    assert np.allclose(y.data, [-1.0, -1 / 3, -1 / 3, 5 / 3], rtol=0, atol=1e-15)
    y.backward(al.tensor([1.0, 0.0, 0.0, 0.0]))
    assert np.allclose(x.grad.data, [1 / 6, -1 / 9, -1 / 9, 1 / 18], rtol=0, atol=1e-15)


@pytest.mark.parametrize("shape", [(4,), (3, 5), (2, 2, 3)])
def test_second_derivatives_match_torch(shape):
    rng = np.random.default_rng(7)
    x, tx = pair(rng.normal(size=shape))
    g, v = rng.normal(size=shape), rng.normal(size=shape)
    (gx,) = al.autograd.grad(LayerNormFunction.apply(x, 0.1), [x], al.tensor(g), create_graph=True)
    (gx * al.tensor(v)).sum().backward()
    (tgx,) = torch.autograd.grad(TF.layer_norm(tx, tx.shape[-1:], eps=0.1), [tx], torch.tensor(g), create_graph=True)
    (tgx * torch.tensor(v)).sum().backward()
    assert_close(x.grad, tx.grad, rtol=1e-9, atol=1e-12, name="second derivative", reference="torch")


def test_gradcheck_and_gradgradcheck():
    x = al.tensor(np.random.default_rng(3).normal(size=(3, 4)), requires_grad=True)
    assert gradcheck(lambda t: LayerNormFunction.apply(t, 1e-3), [x])
    assert gradgradcheck(lambda t: LayerNormFunction.apply(t, 1e-3), [x])


@pytest.mark.parametrize("affine", [False, True])
def test_functional_layer_norm_matches_torch(affine):
    rng = np.random.default_rng(11)
    x, tx = pair(rng.normal(size=(4, 5)))
    w, tw = pair(rng.normal(size=5))
    b, tb = pair(rng.normal(size=5))
    args = (w, b) if affine else (None, None)
    targs = (tw, tb) if affine else (None, None)
    y = F.layer_norm(x, 5, *args, eps=1e-4)
    ty = TF.layer_norm(tx, (5,), *targs, eps=1e-4)
    assert_close(y, ty, rtol=1e-12, atol=1e-12, name="output", reference="torch")
    g = rng.normal(size=(4, 5))
    y.backward(al.tensor(g))
    ty.backward(torch.tensor(g))
    for name, ours, theirs in [("x", x, tx), ("weight", w, tw), ("bias", b, tb)][: 3 if affine else 1]:
        assert_close(ours.grad, theirs.grad, rtol=1e-10, atol=1e-12, name=f"grad of {name}", reference="torch")


def test_functional_layer_norm_rejects_other_normalized_shapes():
    x = al.tensor(np.ones((2, 3)))
    with pytest.raises(RuntimeError, match="last dimension"):
        F.layer_norm(x, (2, 3))
    with pytest.raises(RuntimeError, match="last dimension"):
        F.layer_norm(x, 2)
