"""Layers, activations and losses against torch in float64, with copied weights: forward
values and every gradient."""

import math

import numpy as np
import pytest
import torch

import autograd_lib as al
from autograd_lib import gradcheck, nn
from autograd_lib.nn import functional as F
from autograd_lib.nn.functional import LinearFunction
from autograd_lib.testing import assert_close

RTOL = ATOL = 1e-12


def pair(array, requires_grad=True):
    """The same values as an autograd_lib Tensor and a float64 torch tensor."""
    return al.tensor(array, requires_grad=requires_grad), torch.tensor(array, requires_grad=requires_grad)


def assert_grads_match(ours_module, torch_module):
    ours, theirs = dict(ours_module.named_parameters()), dict(torch_module.named_parameters())
    assert list(ours) == list(theirs)
    for name in ours:
        assert_close(ours[name].grad, theirs[name].grad, rtol=RTOL, atol=ATOL, name=f"grad of `{name}`",
                     reference="torch")


@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("shape", [(1, 1, 1), (5, 3, 2), (7, 4, 6)])
def test_linear_matches_torch_with_copied_weights(bias, shape):
    n, fan_in, fan_out = shape
    ours = nn.Linear(fan_in, fan_out, bias=bias)
    theirs = torch.nn.Linear(fan_in, fan_out, bias=bias, dtype=torch.float64)
    ours.load_state_dict(theirs.state_dict())
    x, tx = pair(np.random.default_rng(n).standard_normal((n, fan_in)))
    out, tout = ours(x), theirs(tx)
    assert_close(out, tout, rtol=RTOL, atol=ATOL, name="output", reference="torch")
    upstream = np.random.default_rng(1).standard_normal(out.shape)
    out.backward(al.tensor(upstream))
    tout.backward(torch.tensor(upstream))
    assert_close(x.grad, tx.grad, rtol=RTOL, atol=ATOL, name="grad of input", reference="torch")
    assert_grads_match(ours, theirs)


def test_linear_function_passes_gradcheck_with_and_without_bias():
    x, w, b = (al.randn(4, 3, requires_grad=True), al.randn(2, 3, requires_grad=True),
               al.randn(2, requires_grad=True))
    assert gradcheck(LinearFunction.apply, (x, w, b))
    assert gradcheck(LinearFunction.apply, (x, w))


def test_linear_function_computes_only_the_gradients_asked_for():
    x, w = al.randn(4, 3), al.randn(2, 3, requires_grad=True)
    out = LinearFunction.apply(x, w)
    grads = LinearFunction.backward(out.grad_fn, al.ones(4, 2))
    assert grads[0] is None and grads[1] is not None and grads[2] is None


def test_linear_function_body_runs_unchanged_on_torch():
    namespace = {"Function": torch.autograd.Function}
    import inspect
    import textwrap

    source = textwrap.dedent(inspect.getsource(LinearFunction))
    exec(compile("from __future__ import annotations\n" + source, "LinearFunction", "exec"), namespace)
    TorchLinear = namespace["LinearFunction"]
    args = tuple(torch.randn(*shape, dtype=torch.float64) for shape in [(4, 3), (2, 3), (2,)])
    for inputs in (args, args[:2]):
        inputs = tuple(a.clone().requires_grad_() for a in inputs)
        assert torch.autograd.gradcheck(TorchLinear.apply, inputs)
        torch.testing.assert_close(TorchLinear.apply(*inputs), torch.nn.functional.linear(*inputs))


def test_functional_linear_accepts_a_single_vector():
    w, b = al.randn(2, 3), al.randn(2)
    x = al.randn(3)
    assert_close(F.linear(x, w, b), F.linear(x.reshape(1, 3), w, b).reshape(2))


def test_mlp_matches_torch_with_copied_weights():
    ours = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4), nn.Sigmoid())
    theirs = torch.nn.Sequential(
        torch.nn.Linear(3, 8), torch.nn.Tanh(), torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4),
        torch.nn.Sigmoid(),
    ).double()
    ours.load_state_dict(theirs.state_dict())
    x, tx = pair(np.random.default_rng(0).standard_normal((10, 3)))
    target = np.random.default_rng(1).standard_normal((10, 4))
    loss = nn.MSELoss()(ours(x), al.tensor(target))
    tloss = torch.nn.MSELoss()(theirs(tx), torch.tensor(target))
    assert_close(loss, tloss, rtol=RTOL, atol=ATOL, name="loss", reference="torch")
    loss.backward()
    tloss.backward()
    assert_grads_match(ours, theirs)
    assert_close(x.grad, tx.grad, rtol=RTOL, atol=ATOL, name="grad of input", reference="torch")


ACTIVATIONS = [
    ("relu", lambda x: F.relu(x), torch.nn.functional.relu),
    ("tanh", lambda x: F.tanh(x), torch.tanh),
    ("sigmoid", lambda x: F.sigmoid(x), torch.sigmoid),
    ("softmax dim 1", lambda x: F.softmax(x, 1), lambda x: torch.softmax(x, 1)),
    ("softmax dim 0", lambda x: F.softmax(x, 0), lambda x: torch.softmax(x, 0)),
    ("log_softmax dim 1", lambda x: F.log_softmax(x, 1), lambda x: torch.log_softmax(x, 1)),
    ("log_softmax dim -1", lambda x: F.log_softmax(x), lambda x: torch.log_softmax(x, -1)),
    ("log_softmax dim 0", lambda x: F.log_softmax(x, 0), lambda x: torch.log_softmax(x, 0)),
]


@pytest.mark.parametrize("name, ours, theirs", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (6, 2)])
def test_activation_matches_torch_and_passes_gradcheck(name, ours, theirs, shape):
    x = np.random.default_rng(sum(shape)).standard_normal(shape) * 3
    al.testing.compare_with_torch(ours, theirs, x, rtol=1e-10, atol=1e-12)
    assert gradcheck(ours, (al.tensor(x, requires_grad=True),))


def test_log_softmax_is_stable_for_logits_of_size_1000():
    logits = np.array([[1000.0, 0.0, -1000.0], [1000.0, 1000.0, 999.0]])
    x, tx = pair(logits)
    out, tout = F.log_softmax(x, 1), torch.log_softmax(tx, 1)
    assert np.isfinite(out.data).all()
    assert_close(out, tout, rtol=1e-12, atol=1e-12, reference="torch")
    F.cross_entropy(x, al.tensor([2, 0])).backward()
    torch.nn.functional.cross_entropy(tx, torch.tensor([2, 0])).backward()
    assert np.isfinite(x.grad.data).all()
    assert_close(x.grad, tx.grad, rtol=1e-12, atol=1e-12, name="grad of logits", reference="torch")


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("n, c", [(1, 2), (8, 3), (17, 10)])
def test_cross_entropy_and_nll_match_torch(reduction, n, c):
    rng = np.random.default_rng(n * c)
    logits, target = rng.standard_normal((n, c)) * 4, rng.integers(0, c, n)
    al.testing.compare_with_torch(
        lambda x: nn.CrossEntropyLoss(reduction=reduction)(x, al.tensor(target)),
        lambda x: torch.nn.CrossEntropyLoss(reduction=reduction)(x, torch.tensor(target)),
        logits, rtol=1e-10, atol=1e-12,
    )
    al.testing.compare_with_torch(
        lambda x: nn.NLLLoss(reduction=reduction)(F.log_softmax(x, 1), target),
        lambda x: torch.nn.functional.nll_loss(torch.log_softmax(x, 1), torch.tensor(target), reduction=reduction),
        logits, rtol=1e-10, atol=1e-12,
    )


def test_cross_entropy_of_uniform_logits_is_log_c():
    loss = F.cross_entropy(al.zeros(4, 5), al.tensor([0, 1, 2, 3]))
    assert math.isclose(loss.item(), math.log(5))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_mse_loss_matches_torch(reduction):
    rng = np.random.default_rng(3)
    al.testing.compare_with_torch(
        lambda a, b: F.mse_loss(a, b, reduction=reduction),
        lambda a, b: torch.nn.functional.mse_loss(a, b, reduction=reduction),
        rng.standard_normal((4, 3)), rng.standard_normal((4, 3)), rtol=1e-12, atol=1e-12,
    )


def test_losses_explain_bad_arguments():
    with pytest.raises(ValueError, match="reduction"):
        F.mse_loss(al.zeros(2), al.zeros(2), reduction="avg")
    with pytest.raises(ValueError, match="shape"):
        F.mse_loss(al.zeros(2, 1), al.zeros(2))
    with pytest.raises(TypeError, match="integer"):
        F.cross_entropy(al.zeros(2, 3), al.tensor([0.0, 1.0]))
    with pytest.raises(IndexError, match="out of bounds"):
        F.cross_entropy(al.zeros(2, 3), al.tensor([0, 3]))


def test_loss_gradients_pass_gradcheck_and_gradgradcheck():
    x = al.randn(5, 4, requires_grad=True)
    target = al.tensor([0, 3, 1, 1, 2])
    assert gradcheck(lambda x: F.cross_entropy(x, target), (x,))
    assert al.gradgradcheck(lambda x: F.cross_entropy(x, target), (x,))
    assert al.gradgradcheck(lambda x, w, b: F.linear(x, w, b).tanh(),
                            (x, al.randn(3, 4, requires_grad=True), al.randn(3, requires_grad=True)))


def test_linear_default_init_uses_torchs_range_and_manual_seed():
    al.manual_seed(5)
    a = nn.Linear(400, 300)
    al.manual_seed(5)
    b = nn.Linear(400, 300)
    np.testing.assert_array_equal(a.weight.data, b.weight.data)
    bound = 1 / math.sqrt(400)
    for p in (a.weight, a.bias):
        assert np.abs(p.data).max() <= bound and np.abs(p.data).max() > 0.95 * bound
    assert abs(a.weight.data.std() - bound / math.sqrt(3)) < 0.01 * bound


def test_init_functions_fill_in_place():
    w = nn.Parameter(np.empty((3, 5)))
    assert nn.init.zeros_(w) is w and not w.data.any()
    nn.init.ones_(w)
    assert (w.data == 1).all()
    nn.init.xavier_uniform_(w)
    assert np.abs(w.data).max() <= math.sqrt(6 / 8)
    nn.init.normal_(w, 2.0, 0.0)
    assert (w.data == 2.0).all()
    assert nn.init.calculate_gain("relu") == math.sqrt(2)
