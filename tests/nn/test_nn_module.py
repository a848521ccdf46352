"""Module registration, iteration, state_dict, modes and repr, checked against torch.nn."""

import numpy as np
import pytest
import torch

import autograd_lib as al
from autograd_lib import nn


class WithBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(np.ones((2, 2)))
        self.register_buffer("running_mean", al.zeros(2))
        self.register_buffer("scratch", al.zeros(3), persistent=False)
        self.scale = 2.0

    def forward(self, x):
        return x @ self.weight * self.scale


def test_parameter_requires_grad_and_is_a_leaf_copy():
    data = np.arange(3.0)
    p = nn.Parameter(data)
    assert p.requires_grad and p.is_leaf and isinstance(p, al.Tensor)
    data[0] = 10.0
    assert p.data[0] == 0.0, "a Parameter copies its data"
    assert nn.Parameter(al.tensor([1, 2])).dtype == np.float64
    assert repr(p).startswith("Parameter containing:\ntensor(")


def test_setattr_registers_parameters_modules_and_buffers_separately():
    m = WithBuffer()
    assert list(m._parameters) == ["weight"]
    assert list(m._buffers) == ["running_mean", "scratch"]
    assert m.scale == 2.0 and "scale" in m.__dict__
    assert [n for n, _ in m.named_parameters()] == ["weight"]
    assert [n for n, _ in m.named_buffers()] == ["running_mean", "scratch"]


def test_buffer_is_in_state_dict_but_not_in_parameters():
    m = WithBuffer()
    assert all(p is not m.running_mean for p in m.parameters())
    assert list(m.state_dict()) == ["weight", "running_mean"], "non-persistent buffers are not saved"


def test_linear_without_bias_has_bias_none_and_one_parameter():
    layer = nn.Linear(3, 2, bias=False)
    assert layer.bias is None
    assert len(list(layer.parameters())) == 1
    assert list(layer.state_dict()) == ["weight"]
    assert "bias" in layer._parameters


def test_assigning_none_to_a_parameter_keeps_it_registered_and_a_tensor_is_refused():
    layer = nn.Linear(3, 2)
    layer.bias = None
    assert layer.bias is None and "bias" in layer._parameters
    with pytest.raises(TypeError, match="parameter 'weight'"):
        layer.weight = al.zeros(2, 3)


def test_reassigning_a_name_moves_it_between_registries_in_torchs_order():
    """torch checks a Parameter, then a registered parameter name, then a Module, then the other
    registries: a Module for a parameter's name is refused, a Parameter for a submodule's or a
    buffer's name and a Module for a buffer's name move the name."""
    def registries(m):
        return list(m._parameters), list(m._modules), list(m._buffers)

    ours, theirs = nn.Module(), torch.nn.Module()
    for m, parameter, linear in ((ours, nn.Parameter(np.zeros(1)), nn.Linear(1, 1)),
                                 (theirs, torch.nn.Parameter(torch.zeros(1)), torch.nn.Linear(1, 1))):
        m.x = parameter
        with pytest.raises(TypeError, match="parameter 'x'"):
            m.x = linear
        m.y = linear
        m.y = parameter
        m.register_buffer("z", m.x.detach() if m is theirs else al.zeros(1))
        m.z = linear
    assert registries(ours) == registries(theirs) == (["x", "y"], ["z"], [])
    del ours.x
    assert not hasattr(ours, "x")


def test_registration_before_init_is_a_clear_error():
    class Forgot(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(np.zeros(1))

    with pytest.raises(AttributeError, match="before Module.__init__"):
        Forgot()


def test_bad_names_are_refused():
    m = nn.Module()
    with pytest.raises(KeyError):
        m.register_parameter("a.b", None)
    with pytest.raises(TypeError):
        m.register_buffer("b", np.zeros(2))


def test_children_modules_and_named_parameters_use_torch_names():
    ours = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Sequential(nn.Linear(3, 3), nn.Tanh()))
    theirs = torch.nn.Sequential(
        torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Tanh())
    )
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    assert [n for n, _ in ours.named_modules()] == [n for n, _ in theirs.named_modules()]
    assert [n for n, _ in ours.named_children()] == [n for n, _ in theirs.named_children()]
    assert len(list(ours.children())) == 3 and len(list(ours.modules())) == 6
    assert list(ours.state_dict()) == list(theirs.state_dict())


def test_shared_parameters_are_listed_once():
    layer = nn.Linear(2, 2)
    model = nn.Sequential(layer, nn.ReLU(), layer)
    assert len(list(model.parameters())) == 2


def test_mlp_names_its_parameters_layers_i():
    model = nn.MLP([2, 4, 4, 3])
    assert list(model.state_dict()) == [
        "layers.0.weight", "layers.0.bias", "layers.2.weight", "layers.2.bias", "layers.4.weight", "layers.4.bias",
    ]


def test_repr_matches_torch():
    ours = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Sequential(nn.Linear(2, 2, bias=False), nn.Tanh()))
    theirs = torch.nn.Sequential(
        torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Sequential(torch.nn.Linear(2, 2, bias=False), torch.nn.Tanh())
    )
    assert repr(ours) == repr(theirs)
    assert repr(nn.Linear(3, 2)) == "Linear(in_features=3, out_features=2, bias=True)"
    for ours_loss, torch_loss in [(nn.MSELoss(), torch.nn.MSELoss()), (nn.Softmax(1), torch.nn.Softmax(1))]:
        assert repr(ours_loss) == repr(torch_loss)


def test_state_dict_round_trip_restores_the_outputs():
    al.manual_seed(1)
    a, b = nn.MLP([2, 5, 3]), nn.MLP([2, 5, 3])
    x = al.randn(4, 2)
    assert not np.allclose(a(x).data, b(x).data)
    result = b.load_state_dict(a.state_dict())
    assert result.missing_keys == [] and result.unexpected_keys == []
    np.testing.assert_array_equal(a(x).data, b(x).data)
    weight = b.layers[0].weight
    b.load_state_dict({k: v.data * 0 for k, v in a.state_dict().items()})
    assert b.layers[0].weight is weight, "loading copies in place: optimizers keep working"
    assert not weight.data.any()


def test_state_dict_shares_data_with_the_parameters():
    layer = nn.Linear(2, 2)
    layer.state_dict()["bias"].data[0] = 5.0
    assert layer.bias.data[0] == 5.0


def test_load_state_dict_accepts_torch_state_dicts():
    theirs = torch.nn.Linear(3, 2).double()
    ours = nn.Linear(3, 2)
    ours.load_state_dict(theirs.state_dict())
    np.testing.assert_array_equal(ours.weight.data, theirs.weight.detach().numpy())


def test_load_state_dict_names_missing_and_unexpected_keys():
    model = nn.Sequential(nn.Linear(2, 2))
    state = dict(model.state_dict())
    del state["0.bias"]
    state["0.extra"] = al.zeros(1)
    with pytest.raises(RuntimeError) as info:
        model.load_state_dict(state)
    message = str(info.value)
    assert "Missing key(s) in state_dict: \"0.bias\"" in message
    assert "Unexpected key(s) in state_dict: \"0.extra\"" in message
    result = model.load_state_dict(state, strict=False)
    assert result.missing_keys == ["0.bias"] and result.unexpected_keys == ["0.extra"]


def test_load_state_dict_names_shape_mismatches_even_when_not_strict():
    model = nn.Linear(3, 2)
    state = {"weight": al.zeros(3, 2), "bias": al.zeros(2)}
    for strict in (True, False):
        with pytest.raises(RuntimeError, match=r"size mismatch for weight: .*\(3, 2\).*\(2, 3\)"):
            model.load_state_dict(state, strict=strict)


def test_zero_grad_sets_none_by_default_and_zeros_on_request():
    layer = nn.Linear(2, 2)
    layer(al.randn(3, 2)).sum().backward()
    assert layer.weight.grad is not None
    layer.zero_grad(set_to_none=False)
    assert layer.weight.grad is not None and not layer.weight.grad.data.any()
    layer.zero_grad()
    assert layer.weight.grad is None and layer.bias.grad is None


def test_train_and_eval_reach_every_submodule():
    model = nn.MLP([2, 3, 2])
    assert model.eval() is model
    assert not any(m.training for m in model.modules())
    model.train()
    assert all(m.training for m in model.modules())


def test_call_runs_forward_and_missing_forward_is_explained():
    assert WithBuffer()(al.ones(1, 2)).shape == (1, 2)
    with pytest.raises(NotImplementedError, match="forward"):
        nn.Module()(al.ones(1))


def test_to_float32_keeps_the_parameter_objects():
    layer = nn.Linear(2, 2)
    weight = layer.weight
    layer.float()
    assert layer.weight is weight and weight.dtype == np.float32
    assert layer(al.ones(1, 2, dtype=np.float32)).dtype == np.float32


def test_containers_index_and_iterate():
    seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    assert isinstance(seq[0], nn.Linear) and len(seq) == 2 and isinstance(seq[-1], nn.ReLU)
    assert isinstance(seq[:1], nn.Sequential) and len(seq[:1]) == 1
    seq.append(nn.Linear(3, 1))
    assert seq(al.ones(4, 2)).shape == (4, 1)
    layers = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])
    assert len(list(layers.parameters())) == 4 and len(layers) == 2


def test_apply_and_requires_grad_():
    model = nn.MLP([2, 3, 2])
    seen = []
    model.apply(lambda m: seen.append(type(m).__name__))
    assert seen[-1] == "MLP" and seen.count("Linear") == 2
    model.requires_grad_(False)
    assert not any(p.requires_grad for p in model.parameters())


def test_reassigning_a_parameter_keeps_its_place_in_the_order_like_torch():
    import torch

    ours, theirs = nn.Linear(3, 2), torch.nn.Linear(3, 2)
    ours.weight = nn.Parameter(al.zeros(2, 3))
    theirs.weight = torch.nn.Parameter(torch.zeros(2, 3))
    assert list(ours.state_dict()) == list(theirs.state_dict()) == ["weight", "bias"]
