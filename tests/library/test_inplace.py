"""In-place methods (``add_``, ``sub_``, ``mul_``, ``div_``, ``zero_``, ``fill_``, ``copy_``,
``uniform_``, ``normal_``), the version counter and the checks around them, against torch."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib import Function
from autograd_lib.ops.inplace import LEAF_MESSAGE, MulInplace, check_inplace

RNG = np.random.default_rng(6)

# name, method call on (tensor, other); other is an array or a number
BINARY = [
    ("add_", lambda t, o: t.add_(o)),
    ("add_ alpha", lambda t, o: t.add_(o, alpha=-0.5)),
    ("sub_", lambda t, o: t.sub_(o)),
    ("sub_ alpha", lambda t, o: t.sub_(o, alpha=2.0)),
    ("mul_", lambda t, o: t.mul_(o)),
    ("div_", lambda t, o: t.div_(o)),
    ("copy_", lambda t, o: t.copy_(o)),
]


def both(array, requires_grad=False):
    return ag.tensor(array, requires_grad=requires_grad), torch.tensor(array, requires_grad=requires_grad)


@pytest.mark.parametrize("name, op", BINARY, ids=[b[0] for b in BINARY])
@pytest.mark.parametrize("other_shape", [(2, 3), (3,), (1, 3), ()])
def test_binary_inplace_values_and_gradients_match_torch(name, op, other_shape) -> None:
    xa, oa, ga = RNG.normal(size=(2, 3)), RNG.uniform(0.5, 2.0, size=other_shape), RNG.normal(size=(2, 3))
    (x, xt), (o, ot) = both(xa, True), both(oa, True)
    a, at = x * 1.0, xt * 1.0
    out, outt = op(a, o), op(at, ot)
    assert out is a and outt is at
    assert a._version == at._version == 1
    np.testing.assert_allclose(a.data, at.detach().numpy(), rtol=1e-12)
    a.backward(ag.tensor(ga))
    at.backward(torch.tensor(ga))
    np.testing.assert_allclose(x.grad.data, xt.grad.numpy(), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(o.grad.data, ot.grad.numpy(), rtol=1e-12, atol=1e-12)
    assert o.grad.shape == tuple(other_shape)
    np.testing.assert_array_equal(o.data, oa)  # the other operand is left alone


@pytest.mark.parametrize("name, op", [
    ("zero_", lambda t: t.zero_()),
    ("fill_", lambda t: t.fill_(2.5)),
    ("uniform_", lambda t: t.uniform_(-1.0, 1.0)),
    ("normal_", lambda t: t.normal_(0.0, 2.0)),
])
def test_filling_in_place_gives_the_old_value_a_zero_gradient(name, op) -> None:
    xa = RNG.normal(size=(2, 3))
    (x, xt) = both(xa, True)
    a, at = x * 2.0, xt * 2.0
    assert op(a) is a and op(at) is at
    assert a._version == at._version == 1
    (a * ag.tensor(xa)).sum().backward()
    (at * torch.tensor(xa)).sum().backward()
    np.testing.assert_array_equal(x.grad.data, np.zeros((2, 3)))
    np.testing.assert_array_equal(xt.grad.numpy(), np.zeros((2, 3)))


def test_zero_and_fill_values() -> None:
    t = ag.tensor([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(t.zero_().data, np.zeros((2, 2)))
    np.testing.assert_array_equal(t.fill_(7.0).data, np.full((2, 2), 7.0))
    assert t._version == 2 and t.is_leaf and not t.requires_grad


def test_uniform_and_normal_follow_manual_seed_and_bounds() -> None:
    ag.manual_seed(3)
    first = ag.zeros(1000).uniform_(-2.0, 3.0).data.copy()
    ag.manual_seed(3)
    again = ag.zeros(1000).uniform_(-2.0, 3.0).data.copy()
    np.testing.assert_array_equal(first, again)
    assert first.min() >= -2.0 and first.max() < 3.0
    normal = ag.zeros(20000).normal_(1.0, 0.5).data
    assert abs(normal.mean() - 1.0) < 0.02 and abs(normal.std() - 0.5) < 0.02
    # the same numbers as nn.init, which writes through .data
    ag.manual_seed(5)
    ours = ag.zeros(3, 4).uniform_(-0.3, 0.3).data.copy()
    ag.manual_seed(5)
    np.testing.assert_array_equal(ag.nn.init.uniform_(ag.zeros(3, 4), -0.3, 0.3).data, ours)


def test_every_inplace_change_bumps_the_version_and_out_of_place_ops_do_not() -> None:
    t, tt = ag.zeros(3), torch.zeros(3, dtype=torch.float64)
    for step in (lambda u: u.add_(1.0), lambda u: u.mul_(2.0), lambda u: u.sub_(1.0), lambda u: u.div_(2.0),
                 lambda u: u + 1.0, lambda u: u.exp(), lambda u: u.zero_(), lambda u: u.fill_(1.0)):
        step(t)
        step(tt)
        assert t._version == tt._version
    assert t._version == 6


def test_inplace_on_a_leaf_that_requires_grad_is_refused_and_leaves_it_unchanged() -> None:
    calls = [(lambda u: u.add_(1.0), lambda u: u.add_(1.0)), (lambda u: u.mul_(2.0), lambda u: u.mul_(2.0)),
             (lambda u: u.zero_(), lambda u: u.zero_()), (lambda u: u.uniform_(), lambda u: u.uniform_()),
             (lambda u: u.copy_(ag.ones(2)), lambda u: u.copy_(torch.ones(2)))]
    for ours_call, torch_call in calls:
        w = ag.tensor([1.0, 2.0], requires_grad=True)
        wt = torch.tensor([1.0, 2.0], requires_grad=True)
        with pytest.raises(RuntimeError) as ours:
            ours_call(w)
        with pytest.raises(RuntimeError) as theirs:
            torch_call(wt)
        assert str(ours.value) == str(theirs.value) == LEAF_MESSAGE
        np.testing.assert_array_equal(w.data, [1.0, 2.0])
        assert w._version == 0 and w.is_leaf


def test_under_no_grad_a_leaf_may_change_in_place_and_stays_a_leaf() -> None:
    w = ag.tensor([1.0, 2.0], requires_grad=True)
    wt = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    with ag.no_grad():
        w.mul_(3.0).sub_(1.0)
    with torch.no_grad():
        wt.mul_(3.0).sub_(1.0)
    np.testing.assert_array_equal(w.data, wt.detach().numpy())
    assert w.is_leaf and w.requires_grad and w.grad_fn is None
    assert w._version == wt._version == 2
    (w * w).sum().backward()
    np.testing.assert_array_equal(w.grad.data, 2 * w.data)


def test_inplace_on_a_non_leaf_under_no_grad_keeps_its_grad_fn() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    a = x * 3.0
    node = a.grad_fn
    with ag.no_grad():
        a.add_(1.0)
    assert a.grad_fn is node and a._version == 1 and a.requires_grad
    a.sum().backward()  # MulBackward saved x and the constant, not a
    np.testing.assert_array_equal(x.grad.data, [3.0, 3.0])


def test_check_inplace_follows_grad_mode() -> None:
    w = ag.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="leaf Variable that requires grad"):
        check_inplace(w)
    with ag.no_grad():
        check_inplace(w)
        with ag.enable_grad(), pytest.raises(RuntimeError):
            check_inplace(w)
    with ag.set_grad_enabled(False):
        check_inplace(w)
    check_inplace(ag.ones(2))
    check_inplace(w * 2)


def test_a_plain_tensor_changed_by_one_that_requires_grad_joins_the_graph() -> None:
    (p, pt), (b, bt) = both([1.0, 2.0]), both([3.0, 4.0], True)
    p.mul_(b)
    pt.mul_(bt)
    assert p.requires_grad and not p.is_leaf and p.grad_fn.name() == "MulInplaceBackward"
    assert pt.requires_grad and not pt.is_leaf
    p.sum().backward()
    pt.sum().backward()
    np.testing.assert_array_equal(b.grad.data, bt.grad.numpy())


def test_mul_keeps_the_old_value_for_the_gradient_of_the_other_factor() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    b = ag.tensor([3.0, 4.0], requires_grad=True)
    a = x * 1.0
    a.mul_(b)
    a.mul_(b)  # twice: each step keeps the value it overwrote
    a.sum().backward()
    np.testing.assert_array_equal(x.grad.data, [9.0, 16.0])
    np.testing.assert_array_equal(b.grad.data, [6.0, 16.0])


@pytest.mark.parametrize("method", ["mul_", "div_"])
def test_an_operation_with_itself_squares_and_raises_in_backward_like_torch(method) -> None:
    """``a.mul_(a)``: the second factor is saved as an input, before the change, so a backward
    that needs it raises in both libraries; without grad it just squares (or gives ones)."""
    for lib in (ag, torch):
        x = lib.tensor([1.0, -2.0], dtype=lib.float64, requires_grad=True)
        a = x * 1.0
        getattr(a, method)(a)
        expected = [1.0, 4.0] if method == "mul_" else [1.0, 1.0]
        np.testing.assert_array_equal(a.detach().numpy(), expected)
        assert a._version == 1
        with pytest.raises(RuntimeError, match="is at version 1; expected version 0 instead"):
            a.sum().backward()
        plain = lib.tensor([3.0, -2.0], dtype=lib.float64)
        getattr(plain, method)(plain)
        np.testing.assert_array_equal(plain.numpy(), [9.0, 4.0] if method == "mul_" else [1.0, 1.0])


@pytest.mark.parametrize("method, grad", [("add_", 2.0), ("sub_", 0.0), ("copy_", 1.0)])
def test_an_operation_with_itself_that_saves_nothing_gives_torchs_gradient(method, grad) -> None:
    for lib in (ag, torch):
        x = lib.tensor([1.0, -2.0], dtype=lib.float64, requires_grad=True)
        a = x * 1.0
        getattr(a, method)(a)
        a.sum().backward()
        np.testing.assert_array_equal(x.grad.numpy(), [grad, grad])


def test_backward_through_a_saved_tensor_changed_in_place_raises_like_torch() -> None:
    for lib in (ag, torch):
        x = lib.tensor([0.0, 1.0, 2.0], dtype=lib.float64, requires_grad=True)
        h = x.exp()  # Exp saves its output h
        loss = h.sum()
        h.mul_(0.5)
        with pytest.raises(RuntimeError, match=r"modified by an inplace operation.*is at version 1; "
                                               r"expected version 0 instead"):
            loss.backward()


def test_a_change_before_saving_is_fine() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    a = x * 1.0
    a.add_(1.0)
    y = a * a  # saves a at version 1
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.data, [4.0, 6.0])
    a2 = x * 1.0
    y2 = a2 * a2
    a2.add_(1.0)
    with pytest.raises(RuntimeError, match="is at version 1; expected version 0"):
        y2.sum().backward()


def test_no_grad_does_not_hide_a_change_from_the_version_counter() -> None:
    # the classic: an optimizer step between forward and backward
    for lib in (ag, torch):
        w = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
        loss = (w * w).sum()
        with lib.no_grad():
            w.sub_(lib.tensor([0.1, 0.1], dtype=lib.float64))
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            loss.backward()


def test_detach_shares_memory_and_version_counter_data_shares_memory_only() -> None:
    for lib in (ag, torch):
        w = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
        loss = (w * w).sum()  # Mul saves w
        d = w.detach()
        assert not d.requires_grad and d.is_leaf
        d.zero_()
        assert w._version == d._version == 1
        np.testing.assert_array_equal(np.asarray(w.detach()), [0.0, 0.0])
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            loss.backward()
    # .data: the change is invisible, and the gradient silently uses the new values
    w, wt = both([1.0, 2.0], True)
    loss, losst = (w * w).sum(), (wt * wt).sum()
    w.data *= 3.0
    wt.data.mul_(3.0)
    assert w._version == 0 and wt._version == 0
    loss.backward()
    losst.backward()
    np.testing.assert_array_equal(w.grad.data, [6.0, 12.0])
    np.testing.assert_array_equal(wt.grad.numpy(), [6.0, 12.0])


def test_a_function_that_saves_the_input_it_marks_dirty_sees_the_new_value() -> None:
    seen = {}

    def make(base):
        class Double_(base):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                x.mul_(2)
                ctx.mark_dirty(x)
                return x

            @staticmethod
            def backward(ctx, grad):
                (x,) = ctx.saved_tensors
                seen[base] = np.asarray(x.detach()).copy()
                return grad * 2

        return Double_

    for lib, base in ((ag, Function), (torch, torch.autograd.Function)):
        x = lib.tensor([1.0, 3.0], dtype=lib.float64, requires_grad=True)
        a = x * 1
        make(base).apply(a).sum().backward()
        np.testing.assert_array_equal(seen[base], [2.0, 6.0])
        np.testing.assert_array_equal(np.asarray(x.grad), [2.0, 2.0])


def test_mul_inplace_function_directly() -> None:
    x = ag.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = ag.tensor([4.0, 5.0, 6.0], requires_grad=True)
    a = x * 1.0
    assert MulInplace.apply(a, b) is a
    assert a._version == 1 and a.grad_fn.name() == "MulInplaceBackward"
    a.backward(ag.tensor([1.0, 1.0, 2.0]))
    np.testing.assert_array_equal(x.grad.data, [4.0, 5.0, 12.0])
    np.testing.assert_array_equal(b.grad.data, [1.0, 2.0, 6.0])


def test_errors_on_shape_dtype_and_broadcast_views_match_torch() -> None:
    (a, at), (o, ot) = both(np.zeros((2, 3))), both(np.ones((4, 2, 3)))
    with pytest.raises(RuntimeError) as ours:
        a.add_(o)
    with pytest.raises(RuntimeError) as theirs:
        at.add_(ot)
    assert str(ours.value) == str(theirs.value)
    i, it = ag.zeros(3, dtype=ag.int64), torch.zeros(3, dtype=torch.int64)
    with pytest.raises(RuntimeError) as ours:
        i.add_(ag.ones(3))
    with pytest.raises(RuntimeError) as theirs:
        it.add_(torch.ones(3, dtype=torch.float64))
    assert str(ours.value) == str(theirs.value)
    assert i._version == 0
    e, et = ag.ones(3).expand(2, 3), torch.ones(3).expand(2, 3)
    with pytest.raises(RuntimeError) as ours:
        e.add_(1.0)
    with pytest.raises(RuntimeError) as theirs:
        et.add_(1.0)
    assert str(ours.value) == str(theirs.value)
    f = ag.zeros(2, dtype=ag.float32)
    f.add_(ag.ones(2))  # float64 into float32: the same kind, allowed (as in torch)
    assert f.dtype == np.float32 and f.data.tolist() == [1.0, 1.0]


def test_copy_casts_and_sends_the_gradient_to_the_source() -> None:
    (x, xt), (s, st) = both(RNG.normal(size=(2, 3)), True), both(RNG.normal(size=3), True)
    a, at = x * 1.0, xt * 1.0
    a.copy_(s)
    at.copy_(st)
    g = RNG.normal(size=(2, 3))
    a.backward(ag.tensor(g))
    at.backward(torch.tensor(g))
    np.testing.assert_allclose(s.grad.data, st.grad.numpy(), rtol=1e-12)
    np.testing.assert_array_equal(x.grad.data, np.zeros((2, 3)))
    i = ag.zeros(2, dtype=ag.int64)
    i.copy_(ag.tensor([1.7, -2.2]))
    assert i.data.tolist() == torch.zeros(2, dtype=torch.int64).copy_(torch.tensor([1.7, -2.2])).tolist()


def test_hook_and_retain_grad_order_matches_torch() -> None:
    for lib in (ag, torch):
        x = lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)
        h = x * 2
        h.retain_grad()
        handle = h.register_hook(lambda g: g * 10)
        (h * 3).sum().backward()
        assert np.asarray(h.grad).tolist() == [30.0, 30.0] and np.asarray(x.grad).tolist() == [60.0, 60.0]
        handle.remove()
        x.grad = None
        (x * 2 * 3).sum().backward()
        assert np.asarray(x.grad).tolist() == [6.0, 6.0]
