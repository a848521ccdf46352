"""SGD and Adam follow torch's trajectories exactly (float64, 20 steps, 1e-10)."""

import numpy as np
import pytest
import torch

import autograd_lib as al
from autograd_lib import nn, optim
from autograd_lib.testing import assert_close

STEPS = 20

SETTINGS = [
    ("SGD plain", optim.SGD, torch.optim.SGD, dict(lr=0.1)),
    ("SGD momentum", optim.SGD, torch.optim.SGD, dict(lr=0.05, momentum=0.9)),
    ("SGD momentum+decay", optim.SGD, torch.optim.SGD, dict(lr=0.05, momentum=0.8, weight_decay=0.1)),
    ("SGD nesterov", optim.SGD, torch.optim.SGD, dict(lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("SGD decay only", optim.SGD, torch.optim.SGD, dict(lr=0.1, weight_decay=0.5)),
    ("Adam default", optim.Adam, torch.optim.Adam, dict()),
    ("Adam lr betas", optim.Adam, torch.optim.Adam, dict(lr=0.05, betas=(0.8, 0.99))),
    ("Adam decay eps", optim.Adam, torch.optim.Adam, dict(lr=0.02, weight_decay=0.1, eps=1e-4)),
]


def make_models(seed):
    theirs = torch.nn.Sequential(torch.nn.Linear(3, 6), torch.nn.Tanh(), torch.nn.Linear(6, 2)).double()
    ours = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 2))
    ours.load_state_dict(theirs.state_dict())
    rng = np.random.default_rng(seed)
    return ours, theirs, rng.standard_normal((16, 3)), rng.integers(0, 2, 16)


@pytest.mark.parametrize("name, ours_cls, torch_cls, kwargs", SETTINGS, ids=[s[0] for s in SETTINGS])
def test_trajectory_equals_torchs_over_20_steps(name, ours_cls, torch_cls, kwargs):
    torch.manual_seed(0)
    ours, theirs, x, y = make_models(1)
    opt = ours_cls(ours.parameters(), **kwargs)
    topt = torch_cls(theirs.parameters(), foreach=False, **kwargs)
    losses = []
    for step in range(STEPS):
        opt.zero_grad()
        topt.zero_grad()
        loss = nn.functional.cross_entropy(ours(al.tensor(x)), al.tensor(y))
        tloss = torch.nn.functional.cross_entropy(theirs(torch.tensor(x)), torch.tensor(y))
        losses.append(loss.item())
        loss.backward()
        tloss.backward()
        opt.step()
        topt.step()
        for (pname, p), tp in zip(ours.named_parameters(), theirs.parameters(), strict=True):
            assert_close(p, tp, rtol=1e-10, atol=1e-10, name=f"{pname} after step {step + 1}", reference="torch")
    assert losses[-1] < losses[0], f"{name} did not decrease the loss: {losses[0]:.4f} -> {losses[-1]:.4f}"


def test_parameters_without_grad_are_skipped_and_step_is_not_recorded():
    a, b = nn.Parameter(np.ones(2)), nn.Parameter(np.ones(2))
    opt = optim.Adam([a, b], lr=0.1)
    (a * 3).sum().backward()
    opt.step()
    assert (b.data == 1).all() and (a.data < 1).all()
    assert a.grad_fn is None and a.is_leaf
    assert b not in opt.state


def test_param_groups_take_their_own_hyperparameters():
    a, b = nn.Parameter(np.ones(1)), nn.Parameter(np.ones(1))
    opt = optim.SGD([{"params": [a]}, {"params": [b], "lr": 1.0}], lr=0.1)
    (a + b).sum().backward()
    opt.step()
    assert_close(a, [0.9], name="a")
    assert_close(b, [0.0], name="b")
    assert opt.param_groups[1]["momentum"] == 0.0
    with pytest.raises(ValueError, match="more than one"):
        opt.add_param_group({"params": [a]})


def test_optimizer_zero_grad_and_argument_errors():
    p = nn.Parameter(np.ones(2))
    opt = optim.SGD([p], lr=0.1)
    p.sum().backward()
    opt.zero_grad(set_to_none=False)
    assert p.grad is not None and not p.grad.data.any()
    opt.zero_grad()
    assert p.grad is None
    with pytest.raises(ValueError, match="empty"):
        optim.SGD([], lr=0.1)
    with pytest.raises(ValueError, match="Nesterov"):
        optim.SGD([p], lr=0.1, nesterov=True)
    with pytest.raises(ValueError, match="non-leaf"):
        optim.Adam([p * 2])
    with pytest.raises(ValueError):
        optim.Adam([p], betas=(1.0, 0.9))
    assert "Parameter Group 0" in repr(opt)


def test_float32_parameters_stay_float32():
    layer = nn.Linear(2, 2, dtype=np.float32)
    for opt in (optim.SGD(layer.parameters(), lr=0.1, momentum=0.9), optim.Adam(layer.parameters())):
        layer(al.ones(3, 2, dtype=np.float32)).sum().backward()
        opt.step()
        assert all(p.dtype == np.float32 for p in layer.parameters())


#: Hyperparameters at and around the boundaries of torch's checks, NaN and infinities included.
_EDGES = [0.0, -0.0, 1e-12, -1e-12, 0.5, 1.0, 1.5, float("nan"), float("inf"), -float("inf")]


def _verdict(optimizer_class, params, **settings) -> str:
    try:
        optimizer_class(params, **settings)
    except ValueError:
        return "ValueError"
    return "accepted"


def test_sgd_refuses_exactly_the_hyperparameters_torch_refuses() -> None:
    """lr, momentum, weight_decay at their boundaries (momentum=1.0 accepted, nesterov with
    momentum 0 refused), against torch.optim.SGD."""
    import itertools

    ours, theirs = [nn.Parameter(np.zeros(1))], [torch.nn.Parameter(torch.zeros(1))]
    disagree = [(lr, m, wd, nesterov)
                for lr, m, wd, nesterov in itertools.product([0.0, -1e-12, 1.0, float("nan"), float("inf")], _EDGES,
                                                             [0.0, -1e-12, float("nan")], (False, True))
                if _verdict(optim.SGD, ours, lr=lr, momentum=m, weight_decay=wd, nesterov=nesterov)
                != _verdict(torch.optim.SGD, theirs, lr=lr, momentum=m, weight_decay=wd, nesterov=nesterov)]
    assert not disagree, f"SGD and torch.optim.SGD disagree on (lr, momentum, weight_decay, nesterov): {disagree[:5]}"


def test_adam_refuses_exactly_the_hyperparameters_torch_refuses() -> None:
    """eps=0 and betas=(0.0, ...) accepted, a beta of 1 or a NaN anywhere refused, as torch.optim.Adam."""
    import itertools

    ours, theirs = [nn.Parameter(np.zeros(1))], [torch.nn.Parameter(torch.zeros(1))]
    values = [0.0, -1e-8, 0.999, 1.0, float("nan")]
    disagree = [(lr, b1, b2, eps, wd)
                for lr, b1, b2, eps, wd in itertools.product([0.1, -1.0, float("nan")], values, values, values,
                                                             [0.0, -1.0, float("nan")])
                if _verdict(optim.Adam, ours, lr=lr, betas=(b1, b2), eps=eps, weight_decay=wd)
                != _verdict(torch.optim.Adam, theirs, lr=lr, betas=(b1, b2), eps=eps, weight_decay=wd)]
    assert not disagree, f"Adam and torch.optim.Adam disagree on (lr, beta1, beta2, eps, weight_decay): {disagree[:5]}"
