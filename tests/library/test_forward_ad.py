"""forward_ad: every dual rule against torch.func.jvp (float64, seeded random shapes), jvp against
finite differences, the dual_level / make_dual / unpack_dual protocol, and hvp against
torch.autograd.functional.hvp."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib import forward_ad as fwd
from autograd_lib.forward_ad import Dual, dual_level, jvp, make_dual, unpack_dual

SHAPES = [(), (1,), (4,), (3, 1), (2, 3), (2, 1, 4)]


def _torch_jvp(fn, primals, tangents):
    """torch.func.jvp on float64 copies of numpy arrays; numpy results."""
    out, tangent = torch.func.jvp(
        fn, tuple(torch.tensor(p) for p in primals), tuple(torch.tensor(t) for t in tangents)
    )
    return out.numpy(), tangent.numpy()


def _ours(fn, primals, tangents):
    out, tangent = jvp(fn, primals, tangents)
    return out.data, tangent.data


def _assert_same_jvp(fn, primals, tangents, torch_fn=None, rtol=1e-12, atol=1e-12):
    want_out, want_tangent = _torch_jvp(torch_fn or fn, primals, tangents)
    got_out, got_tangent = _ours(fn, primals, tangents)
    np.testing.assert_allclose(got_out, want_out, rtol=rtol, atol=atol, err_msg="primal")
    np.testing.assert_allclose(got_tangent, want_tangent, rtol=rtol, atol=atol, err_msg="tangent")
    assert got_tangent.shape == got_out.shape


UNARY = {
    "exp": (lambda x: x.exp(), None),
    "log": (lambda x: x.log(), "positive"),
    "tanh": (lambda x: x.tanh(), None),
    "sigmoid": (lambda x: x.sigmoid(), None),
    "relu": (lambda x: x.relu(), None),
    "sin": (lambda x: x.sin(), None),
    "cos": (lambda x: x.cos(), None),
    "sqrt": (lambda x: x.sqrt(), "positive"),
    "neg": (lambda x: -x, None),
    "square": (lambda x: x**2, None),
    "cube via pow": (lambda x: x.pow(3), None),
    "power 2.5": (lambda x: x**2.5, "positive"),
    "inverse power": (lambda x: x ** (-1), "positive"),
    "two to the x": (lambda x: 2.0**x, None),
    "reciprocal": (lambda x: 1.0 / x, "positive"),
    "one minus x": (lambda x: 1.0 - x, None),
    "sum": (lambda x: x.sum(), None),
    "mean": (lambda x: x.mean(), None),
    "reshape flat": (lambda x: x.reshape(-1), None),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("name", list(UNARY))
def test_each_unary_rule_matches_torch_func_jvp(name, shape) -> None:
    fn, domain = UNARY[name]
    rng = np.random.default_rng(zlib.crc32(f"{name}{shape}".encode()))
    x = rng.uniform(0.2, 2.0, size=shape) if domain == "positive" else rng.normal(size=shape)
    _assert_same_jvp(fn, (x,), (rng.normal(size=shape),))


BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
}
BROADCAST_PAIRS = [((), ()), ((3,), (3,)), ((2, 3), (3,)), ((3,), (2, 3)), ((2, 1), (1, 4)), ((4, 1, 2), (3, 1))]


@pytest.mark.parametrize("shapes", BROADCAST_PAIRS, ids=str)
@pytest.mark.parametrize("name", ["add", "sub", "mul", "div"])
def test_each_binary_rule_broadcasts_like_torch(name, shapes) -> None:
    rng = np.random.default_rng(len(name) * 100 + len(shapes[0]) * 10 + len(shapes[1]))
    a, b = rng.normal(size=shapes[0]), rng.uniform(0.5, 2.0, size=shapes[1]) * rng.choice([-1, 1], size=shapes[1])
    fn = BINARY[name]
    _assert_same_jvp(fn, (a, b), (rng.normal(size=a.shape), rng.normal(size=b.shape)))


@pytest.mark.parametrize("shape", [(), (3,), (2, 3)], ids=str)
def test_pow_with_a_dual_exponent_uses_the_log_of_the_base(shape) -> None:
    rng = np.random.default_rng(7)
    a, b = rng.uniform(0.3, 2.0, size=shape), rng.normal(size=shape)
    _assert_same_jvp(lambda x, y: x**y, (a, b), (rng.normal(size=shape), rng.normal(size=shape)))


def test_pow_with_a_dual_exponent_and_a_constant_base_at_zero_tangent_needs_no_log() -> None:
    with dual_level():
        out = make_dual(np.array([0.0, 2.0]), np.array([1.0, 1.0])) ** make_dual(np.array([2.0, 3.0]), np.zeros(2))
        _, tangent = unpack_dual(out)
    np.testing.assert_allclose(tangent.data, [0.0, 12.0])


@pytest.mark.parametrize(
    "shapes", [((3, 4), (4, 2)), ((1, 1), (1, 1)), ((4,), (4, 3)), ((2, 4), (4,)), ((5,), (5,)), ((2, 3, 4), (4, 2))],
    ids=str,
)
def test_matmul_rule_matches_torch_for_matrices_vectors_and_batches(shapes) -> None:
    rng = np.random.default_rng(sum(shapes[0]) + 10 * sum(shapes[1]))
    a, b = rng.normal(size=shapes[0]), rng.normal(size=shapes[1])
    _assert_same_jvp(lambda x, y: x @ y, (a, b), (rng.normal(size=a.shape), rng.normal(size=b.shape)))
    _assert_same_jvp(lambda x, y: x.matmul(y), (a, b), (rng.normal(size=a.shape), rng.normal(size=b.shape)))


@pytest.mark.parametrize(
    "dim, keepdim", [(None, False), (0, False), (1, True), (-1, False), ((0, 2), True), ([0, 1], False)]
)
def test_sum_and_mean_over_dimensions_match_torch(dim, keepdim) -> None:
    rng = np.random.default_rng(3)
    x, t = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 4))
    if dim is None:
        _assert_same_jvp(lambda v: v.sum(), (x,), (t,))
        _assert_same_jvp(lambda v: v.mean(), (x,), (t,))
        return
    _assert_same_jvp(lambda v: v.sum(dim, keepdim), (x,), (t,), torch_fn=lambda v: v.sum(dim, keepdim=keepdim))
    _assert_same_jvp(lambda v: v.mean(dim, keepdim), (x,), (t,), torch_fn=lambda v: v.mean(dim, keepdim=keepdim))


def test_shape_functions_reshape_transpose_t_and_indexing_match_torch() -> None:
    rng = np.random.default_rng(4)
    x, t = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 4))
    _assert_same_jvp(lambda v: v.reshape(6, 4), (x,), (t,))
    _assert_same_jvp(lambda v: v.reshape((4, 6)), (x,), (t,))
    _assert_same_jvp(lambda v: v.transpose(0, 2), (x,), (t,))
    _assert_same_jvp(lambda v: v[1, :, 2:], (x,), (t,))
    _assert_same_jvp(lambda v: v[0].t(), (x,), (t,))
    _assert_same_jvp(lambda v: v[:, 1].T, (x,), (t,))


def test_a_constant_on_either_side_has_a_zero_tangent_and_numpy_defers_to_the_dual() -> None:
    rng = np.random.default_rng(5)
    x, t, c = rng.normal(size=(2, 3)), rng.normal(size=(2, 3)), rng.normal(size=(3,))
    c_torch = torch.tensor(c)
    _assert_same_jvp(lambda v: c * v + v * 2.0 - c / (v * v + 1.0), (x,), (t,),
                     torch_fn=lambda v: c_torch * v + v * 2.0 - c_torch / (v * v + 1.0))
    constant = ag.tensor(c)
    _assert_same_jvp(lambda v: v * constant, (x,), (t,), torch_fn=lambda v: v * c_torch)
    with dual_level():
        out = c @ make_dual(x.T, t.T)  # ndarray @ Dual calls Dual.__rmatmul__
        assert isinstance(out, Dual)
        np.testing.assert_allclose(out.tangent, c @ t.T)


def test_a_network_layer_matches_torch_for_every_input_at_once() -> None:
    rng = np.random.default_rng(6)
    x, w, b = rng.normal(size=(5, 3)), rng.normal(size=(4, 3)), rng.normal(size=4)

    def layer(x, w, b):
        h = (x @ w.T + b).tanh()
        return (h.sigmoid() * h.relu() + (h * h).exp()).mean(0).log()

    tangents = tuple(rng.normal(size=a.shape) for a in (x, w, b))
    _assert_same_jvp(layer, (x, w, b), tangents, rtol=1e-11)


def test_autograd_lib_functions_run_on_duals() -> None:
    rng = np.random.default_rng(8)
    x, t = rng.normal(size=(3, 2)), rng.normal(size=(3, 2))
    fn = lambda v: ag.sum(ag.tanh(v) * ag.exp(v), 0)  # noqa: E731
    _assert_same_jvp(fn, (x,), (t,), torch_fn=lambda v: (torch.tanh(v) * torch.exp(v)).sum(0))


@pytest.mark.parametrize("seed", range(5))
def test_jvp_agrees_with_a_central_finite_difference_along_the_tangent(seed) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 6))
    x, t, w = rng.normal(size=n), rng.normal(size=n), rng.normal(size=(3, n))

    def f(v):
        return (w @ v.sin() + v.cos().sum()) ** 2 / (1.0 + (v * v).sum())

    def f_numpy(v):
        return (w @ np.sin(v) + np.cos(v).sum()) ** 2 / (1.0 + (v * v).sum())

    h = 1e-6
    numeric = (f_numpy(x + h * t) - f_numpy(x - h * t)) / (2 * h)
    out, tangent = jvp(f, (x,), (t,))
    np.testing.assert_allclose(out.data, f_numpy(x), rtol=1e-12)
    np.testing.assert_allclose(tangent.data, numeric, rtol=1e-6, atol=1e-8)


def test_jvp_is_linear_in_the_tangent_and_gives_jacobian_columns() -> None:
    rng = np.random.default_rng(9)
    a = rng.normal(size=(4, 3))
    x = rng.normal(size=3)
    f = lambda v: (a @ v).tanh()  # noqa: E731
    columns = [jvp(f, (x,), (np.eye(3)[j],))[1].data for j in range(3)]
    jacobian = torch.autograd.functional.jacobian(lambda v: torch.tanh(torch.tensor(a) @ v), torch.tensor(x))
    np.testing.assert_allclose(np.stack(columns, axis=1), jacobian.numpy(), rtol=1e-12)
    t1, t2 = rng.normal(size=3), rng.normal(size=3)
    combined = jvp(f, (x,), (2 * t1 - t2,))[1].data
    np.testing.assert_allclose(combined, 2 * jvp(f, (x,), (t1,))[1].data - jvp(f, (x,), (t2,))[1].data)


def test_jvp_returns_tuples_for_tuple_outputs_and_zero_tangents_for_constants() -> None:
    rng = np.random.default_rng(10)
    x, y = rng.normal(size=(2, 2)), rng.normal(size=2)
    tx, ty = rng.normal(size=(2, 2)), rng.normal(size=2)
    outs, tangents = jvp(lambda a, b: (a @ b, a.sum(), 3.0), (x, y), (tx, ty))
    want_outs, want_tangents = torch.func.jvp(
        lambda a, b: (a @ b, a.sum(), torch.tensor(3.0, dtype=torch.float64)),
        (torch.tensor(x), torch.tensor(y)), (torch.tensor(tx), torch.tensor(ty)),
    )
    assert isinstance(outs, tuple) and isinstance(tangents, tuple) and len(outs) == len(tangents) == 3
    for got, want in zip(outs + tangents, want_outs + want_tangents, strict=True):
        assert isinstance(got, ag.Tensor)
        np.testing.assert_allclose(got.data, want.numpy(), rtol=1e-12)


def test_jvp_accepts_tensors_and_checks_the_number_of_tangents() -> None:
    out, tangent = jvp(lambda v: v * v, (ag.tensor([1.0, 2.0]),), (ag.tensor([1.0, 0.5]),))
    np.testing.assert_allclose(tangent.data, [2.0, 2.0])
    with pytest.raises(RuntimeError, match="one tangent per primal"):
        jvp(lambda a, b: a * b, (1.0, 2.0), (1.0,))


def test_make_dual_needs_an_open_level_and_a_tangent_of_the_same_shape() -> None:
    with pytest.raises(RuntimeError, match="no level exists"):
        make_dual(np.ones(2), np.ones(2))
    with dual_level(), pytest.raises(RuntimeError, match="different size"):
        make_dual(np.ones(2), np.ones(3))


def test_dual_levels_nest_and_close_even_after_an_error() -> None:
    with dual_level() as outer:
        with dual_level() as inner:
            assert inner != outer
            x = make_dual(np.ones(2), np.ones(2))
            assert x.level == inner
        y = make_dual(np.ones(2), np.ones(2))
        assert y.level == outer
    with pytest.raises(ZeroDivisionError), dual_level():
        raise ZeroDivisionError
    with pytest.raises(RuntimeError, match="no level exists"):  # the level was closed by the error above
        make_dual(np.ones(2), np.ones(2))


def _torch_scalar(value: float) -> torch.Tensor:
    return torch.tensor(value, dtype=torch.float64)


def test_nested_jvps_keep_their_perturbations_apart() -> None:
    """d/dx [x * d/dy (x + y)] at x = 1 is 1; adding the two tangents (perturbation confusion) gives 2."""

    def outer(x):
        inner = jvp(lambda y: x + y, (np.array(1.0),), (np.array(1.0),))[1]
        return x * inner

    _, ours = jvp(outer, (np.array(1.0),), (np.array(1.0),))

    def outer_t(x):
        return x * torch.func.jvp(lambda y: x + y, (_torch_scalar(1.0),), (_torch_scalar(1.0),))[1]

    _, theirs = torch.func.jvp(outer_t, (_torch_scalar(1.0),), (_torch_scalar(1.0),))
    assert float(theirs) == 1.0
    assert isinstance(ours, ag.Tensor) and float(ours.item()) == float(theirs)
    # the rule alone, called on Duals of two levels, adds their tangents: that is the confusion
    with dual_level():
        x = make_dual(np.array(1.0), np.array(1.0))
        with dual_level():
            y = make_dual(np.array(1.0), np.array(1.0))
            confused = fwd.add(x, y)
            kept_apart = x + y
            assert float(confused.tangent) == 2.0
            assert float(unpack_dual(kept_apart).tangent.item()) == 1.0


NESTED = {
    "sin(x) * x": (lambda x: x.sin() * x, (3,)),
    "sum(exp(x) * x) / sum(x * x)": (lambda x: (x.exp() * x).sum() / (x * x).sum(), (4,)),
    "tanh(W x) @ W": (lambda x: (RNG_W @ x).tanh() @ RNG_W, (3,)),
    "sigmoid, relu, sqrt": (lambda x: (x.sigmoid() + (x * x + 1.0).sqrt() + x.relu()).sum(), (5,)),
}
RNG_W = np.random.default_rng(5).normal(size=(2, 3))


@pytest.mark.parametrize("name", list(NESTED))
def test_a_jvp_of_a_jvp_matches_torch_func(name) -> None:
    """The second directional derivative v^T H w of f: jvp (in w) of jvp (in v)."""
    f, shape = NESTED[name]
    rng = np.random.default_rng(7)
    x0, v, w = (rng.normal(size=shape) for _ in range(3))
    x0 = np.abs(x0) + 0.5 if "sqrt" in name else x0
    _, ours = jvp(lambda x: jvp(f, (x,), (v,))[1], (x0,), (w,))
    W = torch.tensor(RNG_W)
    def torch_f(x):
        return f(x) if "W" not in name else (W @ x).tanh() @ W
    _, theirs = torch.func.jvp(lambda x: torch.func.jvp(torch_f, (x,), (torch.tensor(v),))[1],
                               (torch.tensor(x0),), (torch.tensor(w),))
    np.testing.assert_allclose(ours.data, theirs.numpy(), rtol=1e-10, atol=1e-12)


def test_unpack_dual_drops_the_tangent_once_the_level_is_closed() -> None:
    with dual_level():
        d = make_dual(np.array([1.0, 2.0]), np.array([0.5, 0.25]))
        y = d * d
        primal, tangent = unpack_dual(y)
        assert isinstance(primal, ag.Tensor) and isinstance(tangent, ag.Tensor)
        np.testing.assert_allclose(tangent.data, [1.0, 1.0])
        assert unpack_dual(y).tangent is not None
    assert unpack_dual(y).tangent is None
    np.testing.assert_allclose(unpack_dual(y).primal.data, [1.0, 4.0])
    plain = ag.tensor([3.0])
    assert unpack_dual(plain) == (plain, None)


def test_integer_primals_become_float64_and_tangents_take_the_primal_dtype() -> None:
    with dual_level():
        d = make_dual(np.array([1, 2]), np.array([1, 0]))
        assert d.dtype == np.float64 and d.tangent.dtype == np.float64
        f32 = make_dual(np.ones(2, dtype=np.float32), np.ones(2))
        assert f32.tangent.dtype == np.float32


def test_a_dual_refuses_to_become_an_array_and_checks_its_tangent_shape() -> None:
    d = Dual(np.ones(2), np.ones(2))
    with pytest.raises(TypeError, match="tangent would be lost"):
        np.asarray(d)
    with pytest.raises(ValueError, match="tangent of the primal's shape"):
        Dual(np.ones(2), np.ones(3))
    assert d.shape == (2,) and d.ndim == 1 and len(d) == 2
    assert "tangent" in repr(d)


def test_every_rule_docstring_states_its_derivative() -> None:
    for name in ["add", "sub", "neg", "mul", "div", "pow", "exp", "log", "tanh", "sigmoid", "relu", "sin",
                 "cos", "sqrt", "matmul", "sum", "mean", "reshape", "transpose"]:
        doc = getattr(fwd, name).__doc__
        assert doc and "d" in doc and "=" in doc, name


HVP_FUNCTIONS = {
    "sum of cubes": (lambda x: (x**3).sum(), lambda x: (x**3).sum()),
    "log-sum-exp": (lambda x: x.exp().sum().log(), lambda x: x.exp().sum().log()),
    "quadratic form": (None, None),
    "tanh of a dot": (lambda x: (x * x.sigmoid()).sum().tanh(), lambda x: (x * x.sigmoid()).sum().tanh()),
}


@pytest.mark.parametrize("n", [1, 3, 6])
@pytest.mark.parametrize("name", list(HVP_FUNCTIONS))
def test_hvp_matches_torch_autograd_functional_hvp(name, n) -> None:
    rng = np.random.default_rng(n + len(name))
    x, v = rng.normal(size=n), rng.normal(size=n)
    ours, theirs = HVP_FUNCTIONS[name]
    if ours is None:
        a = rng.normal(size=(n, n))
        at = torch.tensor(a)
        ours = lambda x: (x @ (ag.tensor(a) @ x)).sum()  # noqa: E731
        theirs = lambda x: (x @ (at @ x)).sum()  # noqa: E731
    out, hv = fwd.hvp(ours, ag.tensor(x), ag.tensor(v))
    want_out, want_hv = torch.autograd.functional.hvp(theirs, torch.tensor(x), torch.tensor(v))
    np.testing.assert_allclose(out.data, want_out.numpy(), rtol=1e-12)
    np.testing.assert_allclose(hv.data, want_hv.numpy(), rtol=1e-10, atol=1e-12)
    assert not out.requires_grad


def test_hvp_of_a_linear_function_is_zero_and_leaves_the_input_alone() -> None:
    x = ag.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out, hv = fwd.hvp(lambda v: (v * 3.0).sum(), x, ag.tensor([1.0, 1.0, 1.0]))
    np.testing.assert_allclose(out.data, 18.0)
    np.testing.assert_allclose(hv.data, np.zeros(3))
    assert x.grad is None and x.is_leaf


@pytest.mark.parametrize("v_requires_grad", [False, True])
@pytest.mark.parametrize("name, f", [("linear", lambda x: (x * 3.0).sum()), ("quadratic", lambda x: (x * x).sum())])
def test_hvp_with_a_v_that_requires_grad_matches_torch(name, f, v_requires_grad) -> None:
    """torch's hvp handles a linear func and a v that requires grad (H v = 0 there); so does ours."""
    xa, va = np.array([1.0, -2.0, 0.5]), np.array([0.5, 1.0, -1.0])
    out, hv = fwd.hvp(f, ag.tensor(xa), ag.tensor(va, requires_grad=v_requires_grad))
    out_t, hv_t = torch.autograd.functional.hvp(f, torch.tensor(xa), torch.tensor(va, requires_grad=v_requires_grad))
    np.testing.assert_allclose(out.data, out_t.numpy(), rtol=1e-12)
    np.testing.assert_allclose(hv.data, hv_t.detach().numpy(), rtol=1e-12, atol=1e-12)
    assert hv.shape == (3,)
