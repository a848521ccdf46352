"""Tensor basics: factories and dtypes, attributes, repr, conversions, float32 end to end."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag


def test_python_floats_become_float64_and_ints_stay_ints() -> None:
    assert ag.tensor([1.0, 2.0]).dtype == ag.float64
    assert ag.tensor([1, 2]).dtype == np.int64
    assert ag.tensor(np.ones(2, dtype=np.float32)).dtype == ag.float32
    assert ag.tensor([1.0], dtype=ag.float32).dtype == ag.float32


def test_factories_have_the_requested_shape_and_dtype() -> None:
    assert ag.zeros(2, 3).shape == (2, 3) and ag.ones((4,)).dtype == ag.float64
    assert ag.randn(2, 3, dtype=ag.float32).dtype == ag.float32
    assert ag.rand(5).data.min() >= 0 and ag.rand(5).data.max() < 1
    assert ag.arange(5).dtype == np.int64 and ag.arange(0.0, 1.0, 0.25).shape == (4,)
    x = ag.randn(3, dtype=ag.float32)
    assert ag.zeros_like(x).dtype == ag.float32 and ag.ones_like(x).shape == (3,)


def test_manual_seed_makes_randn_reproducible() -> None:
    ag.manual_seed(7)
    a = ag.randn(3)
    ag.manual_seed(7)
    np.testing.assert_array_equal(a.data, ag.randn(3).data)


def test_attributes_mirror_torch() -> None:
    x = ag.zeros(2, 3, requires_grad=True)
    assert x.is_leaf and x.requires_grad and x.grad is None and x.grad_fn is None
    assert x.size() == (2, 3) and x.size(1) == 3 and x.numel() == 6 and x.ndim == 2
    assert len(x) == 2 and x.dim() == 2
    y = x * 2
    assert not y.is_leaf and y.grad_fn.name() == "MulBackward"


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (lambda: ag.tensor([1.0, 2.0, 3.0], requires_grad=True),
         "tensor([1., 2., 3.], requires_grad=True)"),
        (lambda: ag.tensor([1.5, 2.0]), "tensor([1.5000, 2.0000])"),
        (lambda: ag.tensor([1.0, 2.0], requires_grad=True) * 2,
         "tensor([2., 4.], grad_fn=<MulBackward>)"),
        (lambda: ag.tensor(3.0), "tensor(3.)"),
        (lambda: ag.tensor([1, 2]), "tensor([1, 2])"),
        (lambda: ag.tensor([True, False]), "tensor([ True, False])"),
    ],
)
def test_repr_looks_like_torch(make, text) -> None:
    assert repr(make()) == text


def test_repr_names_non_default_dtype() -> None:
    assert repr(ag.tensor([1.0], dtype=ag.float32)) == "tensor([1.], dtype=float32)"


def test_comparisons_return_tensors_without_grad() -> None:
    x = ag.tensor([1.0, 2.0, 3.0], requires_grad=True)
    mask = x > 1.5
    assert mask.dtype == np.bool_ and not mask.requires_grad
    np.testing.assert_array_equal((x == 2.0).data, [False, True, False])


def test_only_floating_tensors_can_require_grad() -> None:
    with pytest.raises(RuntimeError, match="only Tensors of floating point dtype"):
        ag.tensor([1, 2], requires_grad=True)


def test_requires_grad_can_only_be_turned_off_on_leaves() -> None:
    y = ag.ones(2, requires_grad=True) * 2
    with pytest.raises(RuntimeError, match="only change requires_grad flags of leaf"):
        y.requires_grad = False


def test_detach_cuts_the_graph_and_shares_data() -> None:
    x = ag.ones(2, requires_grad=True)
    y = x * 2
    d = y.detach()
    assert d.is_leaf and not d.requires_grad and d.data is y.data
    y.detach_()
    assert y.grad_fn is None and not y.requires_grad


def test_numpy_and_item_follow_torch() -> None:
    x = ag.tensor([2.5], requires_grad=True)
    with pytest.raises(RuntimeError, match=r"Use tensor.detach\(\).numpy\(\)"):
        x.numpy()
    assert x.detach().numpy()[0] == 2.5 and x.item() == 2.5
    with pytest.raises(RuntimeError, match="cannot be converted to Scalar"):
        ag.ones(2).item()


def test_assigned_grad_must_have_the_tensor_shape() -> None:
    x = ag.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="assigned grad has data of a different size"):
        x.grad = ag.ones(3)


def test_numpy_arrays_on_the_left_use_our_reflected_operators() -> None:
    x = ag.ones(2, requires_grad=True)
    y = np.array([2.0, 3.0]) * x
    assert isinstance(y, ag.Tensor) and y.grad_fn.name() == "MulBackward"
    assert isinstance(np.float64(2.0) + x, ag.Tensor)


def test_iteration_and_len_follow_the_first_dimension() -> None:
    x = ag.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    rows = list(x)
    assert len(rows) == 2 and rows[1].grad_fn.name() == "UnbindBackward"  # torch: UnbindBackward0
    with pytest.raises(TypeError, match="0-d"):
        len(ag.tensor(1.0))


def test_float32_flows_end_to_end() -> None:
    x = ag.randn(4, 3, dtype=ag.float32, requires_grad=True)
    w = ag.randn(2, 3, dtype=ag.float32, requires_grad=True)
    b = ag.zeros(2, dtype=ag.float32, requires_grad=True)
    h = (x @ w.t() + b).tanh().sigmoid().relu() * 2.0 - 1.0
    loss = ((h - 0.5) ** 2).mean() + h.exp().log().sum() / 3 + h.abs().sqrt().max()
    assert loss.dtype == ag.float32
    loss.backward()
    for t in (x, w, b):
        assert t.grad.dtype == ag.float32 and t.grad.shape == t.shape


def test_to_double_and_float_are_differentiable_casts() -> None:
    x = ag.ones(2, dtype=ag.float32, requires_grad=True)
    y = x.double()
    assert y.dtype == ag.float64 and y.grad_fn.name() == "ToDtypeBackward"
    (y * 3).sum().backward()
    assert x.grad.dtype == ag.float32


def test_mm_refuses_non_matrices_with_torch_message() -> None:
    with pytest.raises(RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(2x3 and "
                       r"2x3\)"):
        ag.ones(2, 3).mm(ag.ones(2, 3))


def test_free_functions_mirror_torch_namespace() -> None:
    x = np.array([[0.5, -1.0], [2.0, 0.1]])
    for name in ("exp", "tanh", "sigmoid", "relu", "abs"):
        ours = getattr(ag, name)(ag.tensor(x))
        theirs = getattr(torch, name)(torch.tensor(x))
        ag.testing.assert_close(ours, theirs, name=name, reference="torch")
    ag.testing.assert_close(ag.sum(ag.tensor(x), 0), torch.sum(torch.tensor(x), 0))
    ag.testing.assert_close(ag.matmul(ag.tensor(x), ag.tensor(x)), torch.tensor(x) @ torch.tensor(x))


def test_unbroadcast_sums_over_added_and_size_one_dimensions() -> None:
    from autograd_lib.ops.broadcast import unbroadcast

    g = ag.ones(2, 3, 4)
    np.testing.assert_array_equal(unbroadcast(g, (3, 1)).data, np.full((3, 1), 8.0))
    assert unbroadcast(g, ()).item() == 24.0


def test_public_api_is_exported() -> None:
    from autograd_lib.autograd.function import once_differentiable

    assert once_differentiable is ag.once_differentiable
    assert ag.autograd.Function is ag.Function and callable(ag.autograd.grad)
    assert isinstance(ag.__version__, str)
    for name in ag.__all__:
        assert hasattr(ag, name), name


def test_set_grad_enabled_as_decorator_does_not_change_the_mode_when_applied() -> None:
    @ag.set_grad_enabled(False)
    def f(t):
        return t * 2

    assert ag.is_grad_enabled()
    assert not f(ag.ones(1, requires_grad=True)).requires_grad
    assert ag.is_grad_enabled()
