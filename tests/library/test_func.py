"""Function transforms against torch.func: linearize, vjp as the transpose of the linearized
function (also against the engine's reverse mode), transpose itself, and vmap."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib import func
from autograd_lib.autograd import grad

RNG = np.random.default_rng(12)

# name: (function, the shapes of its inputs); every function uses only methods both libraries have
FUNCTIONS = {
    "tanh(x) * x": (lambda x: x.tanh() * x, [(4,)]),
    "tanh(A x), A of shape (3, 4)": (lambda x, a: (a @ x).tanh(), [(4,), (3, 4)]),
    "sum(exp(x) * w), a 0-d output": (lambda x, w: (x.exp() * w).sum(), [(2, 3), (3,)]),
    "x @ W.T + b": (lambda x, w, b: x @ w.T + b, [(2, 3), (4, 3), (4,)]),
    "(x * y, sum(x)): two outputs": (lambda x, y: (x * y, x.sum()), [(3,), (3,)]),
    "mean of x * x over dim 0": (lambda x: (x * x).mean(0), [(3, 2)]),
}


def torch_tensors(arrays):
    return tuple(torch.tensor(a) for a in arrays)


def flat(value):
    values = value if isinstance(value, tuple) else (value,)
    return [v.data if isinstance(v, ag.Tensor) else v.detach().numpy() for v in values]


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_linearize_matches_torch_func_linearize(name) -> None:
    f, shapes = FUNCTIONS[name]
    primals = [RNG.normal(size=s) for s in shapes]
    tangents = [RNG.normal(size=s) for s in shapes]
    out, jvp_fn = func.linearize(f, *primals)
    want_out, want_fn = torch.func.linearize(f, *torch_tensors(primals))
    for got, want in zip(flat(out), flat(want_out), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    for got, want in zip(flat(jvp_fn(*tangents)), flat(want_fn(*torch_tensors(tangents))), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    # linear: L(2 t + s) = 2 L(t) + L(s)
    other = [RNG.normal(size=s) for s in shapes]
    combined = flat(jvp_fn(*[2 * t + o for t, o in zip(tangents, other, strict=True)]))
    parts = zip(flat(jvp_fn(*tangents)), flat(jvp_fn(*other)), strict=True)
    for got, (a, b) in zip(combined, parts, strict=True):
        np.testing.assert_allclose(got, 2 * a + b, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_vjp_as_the_transpose_matches_torch_func_vjp_and_reverse_mode(name) -> None:
    f, shapes = FUNCTIONS[name]
    primals = [RNG.normal(size=s) for s in shapes]
    out, vjp_fn = func.vjp(f, *primals)
    outs = out if isinstance(out, tuple) else (out,)
    cotangents = tuple(RNG.normal(size=o.shape) for o in outs)
    got = vjp_fn(cotangents if isinstance(out, tuple) else cotangents[0])
    want_out, want_fn = torch.func.vjp(f, *torch_tensors(primals))
    want = want_fn(torch_tensors(cotangents) if isinstance(out, tuple) else torch.tensor(cotangents[0]))
    assert isinstance(got, tuple) and len(got) == len(primals)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g.data, w.numpy(), rtol=1e-9, atol=1e-10)
    inputs = [ag.tensor(p, requires_grad=True) for p in primals]  # the engine's reverse mode
    reverse = grad(f(*inputs), inputs, grad_outputs=tuple(ag.tensor(u) for u in cotangents), allow_unused=True)
    for g, r in zip(got, reverse, strict=True):
        np.testing.assert_allclose(g.data, 0.0 if r is None else r.data, rtol=1e-9, atol=1e-10)


# functions whose tangent programs use every primitive of the tape
STAGED = {
    **FUNCTIONS,
    "relu, sigmoid, sqrt, division": (lambda x, y: (x.relu() + y.sigmoid() + (x * x + 1.0).sqrt()) / (y * y + 2.0),
                                      [(2, 3), (3,)]),
    "reshape, transpose, T, indexing": (lambda x: (x.reshape(3, 2).transpose(0, 1) * 2.0)[1:].T.sin(), [(6,)]),
    "vector @ matrix, matrix @ vector, stacks": (lambda v, m, s: ((v @ m).exp(), (m.T @ v).cos(), (s @ m).sum(0)),
                                                 [(2,), (2, 3), (4, 5, 2)]),
    "x ** 3 and a power with a dual exponent": (lambda x, p: (x ** 3.0 + x.exp() ** p).mean(), [(4,), (4,)]),
    "an output that does not depend on the inputs": (lambda x: (x.cos(), ag.tensor([1.0, 2.0])), [(3,)]),
    "the identity": (lambda x: x, [(2, 2)]),
    "broadcast of a (3, 1) input against (4,)": (lambda a, b: (a * b).tanh() - b, [(3, 1), (4,)]),
}


class Counted:
    """f, counting its calls."""

    def __init__(self, f):
        self.f, self.calls = f, 0

    def __call__(self, *args):
        self.calls += 1
        return self.f(*args)


def _torch_version(name, f):
    if name == "an output that does not depend on the inputs":
        return lambda x: (x.cos(), torch.tensor([1.0, 2.0], dtype=torch.float64))
    return f


@pytest.mark.parametrize("name", list(STAGED))
def test_linearize_calls_f_once_and_its_map_and_transpose_never(name) -> None:
    f, shapes = STAGED[name]
    primals = [RNG.normal(size=s) for s in shapes]
    counted = Counted(f)
    out, jvp_fn = func.linearize(counted, *primals)
    assert counted.calls == 1, f"linearize should call f once, it called it {counted.calls} times"
    tangents = [RNG.normal(size=s) for s in shapes]
    got = jvp_fn(*tangents)
    jvp_fn(*tangents)
    backward = func.transpose(jvp_fn)
    outs = out if isinstance(out, tuple) else (out,)
    cotangents = tuple(RNG.normal(size=o.shape) for o in outs)
    pulled = backward(cotangents if isinstance(out, tuple) else cotangents[0])
    assert counted.calls == 1, f"the map and its transpose should not call f; f ran {counted.calls - 1} more times"

    g = _torch_version(name, f)
    want_out, want_fn = torch.func.linearize(g, *torch_tensors(primals))
    for a, b in zip(flat(got), flat(want_fn(*torch_tensors(tangents))), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)
    for a, b in zip(flat(out), flat(want_out), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)
    _, vjp_t = torch.func.vjp(g, *torch_tensors(primals))
    want = vjp_t(torch_tensors(cotangents) if isinstance(out, tuple) else torch.tensor(cotangents[0]))
    assert isinstance(pulled, tuple) and len(pulled) == len(primals)
    for p, w, shape in zip(pulled, want, shapes, strict=True):
        assert isinstance(p, ag.Tensor) and p.shape == tuple(shape)
        np.testing.assert_allclose(p.data, w.numpy(), rtol=1e-10, atol=1e-12)


def test_the_tape_holds_the_linear_part_only() -> None:
    """tanh(x) * 2 @ W.T: three lines (scale by 1 - tanh**2, scale by 2, matmul by W.T), none for the values."""
    w = RNG.normal(size=(2, 3))
    _, jvp_fn = func.linearize(lambda v: (v.tanh() * 2.0) @ w.T, RNG.normal(size=3))
    assert [eq.primitive for eq in jvp_fn.tape.equations] == ["scale", "scale", "matmul"]
    assert len(jvp_fn.tape.listing()) == 3


def test_a_tangent_program_must_be_linear() -> None:
    from autograd_lib.linear_tape import Tape

    tape = Tape()
    t = tape.variable((2,))
    with pytest.raises(TypeError, match="linear"):
        t * t
    with pytest.raises(TypeError, match="linear"):
        t + np.ones(2)
    with pytest.raises(TypeError, match="linear"):
        np.exp(t)


def test_the_linear_map_checks_its_tangents() -> None:
    _, jvp_fn = func.linearize(lambda x: x * 2.0, np.ones(3))
    with pytest.raises(RuntimeError, match="one tangent per primal"):
        jvp_fn(np.ones(3), np.ones(3))
    with pytest.raises(ValueError, match="shape"):
        jvp_fn(np.ones(2))


def test_forward_over_reverse_is_a_hessian_vector_product() -> None:
    """jvp of (x -> vjp(f, x)(1)) in direction v is H v, as torch.func gives it."""
    from autograd_lib.forward_ad import jvp

    f = lambda x: (x.sin() * x).sum() + (x * x).sum() * x.sum()  # noqa: E731
    x0, v = RNG.normal(size=4), RNG.normal(size=4)
    _, ours = jvp(lambda x: func.vjp(f, x)[1](np.array(1.0))[0], (x0,), (v,))
    _, theirs = torch.func.jvp(lambda x: torch.func.vjp(f, x)[1](torch.tensor(1.0, dtype=torch.float64))[0],
                               (torch.tensor(x0),), (torch.tensor(v),))
    np.testing.assert_allclose(ours.data, theirs.numpy(), rtol=1e-10, atol=1e-12)


def test_transpose_by_columns_calls_the_map_once_per_input_element() -> None:
    counted = Counted(lambda t: ag.tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]) @ t))
    (got,) = func.transpose(counted, np.zeros(2))(np.array([1.0, 0.0, -1.0]))
    assert counted.calls == 2
    np.testing.assert_allclose(got.data, [-4.0, -4.0])


def test_transpose_satisfies_the_defining_identity() -> None:
    """<u, L t> = <L^T u, t> for a random linear map between shapes (2, 3) and (4,)."""
    m = RNG.normal(size=(4, 6))
    linear = lambda t: ag.tensor(m @ t.reshape(-1))  # noqa: E731
    transposed = func.transpose(linear, np.zeros((2, 3)))
    for _ in range(3):
        t, u = RNG.normal(size=(2, 3)), RNG.normal(size=4)
        (lt_u,) = transposed(ag.tensor(u))
        assert lt_u.shape == (2, 3)
        np.testing.assert_allclose(float(u @ linear(t).data), float(np.sum(lt_u.data * t)), rtol=1e-12)
    np.testing.assert_allclose(transposed(ag.tensor(u))[0].data.reshape(-1), m.T @ u, rtol=1e-12)


# ---------------------------------------------------------------------- vmap
VMAPPED = {
    "sin(x) * 2 + 1": (lambda x: x.sin() * 2.0 + 1.0, [(5, 3)], 0),
    "sum over the sample's last dim": (lambda x: x.sum(-1), [(4, 2, 3)], 0),
    "sum over the sample's dim 0, kept": (lambda x: x.sum(0, keepdim=True), [(4, 2, 3)], 0),
    "mean of the whole sample": (lambda x: (x * x).mean(), [(6, 3)], 0),
    "x @ W.T + b, batched x": (lambda x, w, b: x @ w.T + b, [(5, 3), (2, 3), (2,)], (0, None, None)),
    "W @ x, x a batched vector": (lambda x, w: w @ x, [(5, 3), (4, 3)], (0, None)),
    "x @ y, both batched vectors": (lambda x, y: x @ y, [(5, 3), (5, 3)], 0),
    "x @ y, batched matrices": (lambda x, y: x @ y, [(5, 2, 3), (5, 3, 4)], 0),
    "batched vector @ batched matrix": (lambda x, y: x @ y, [(5, 3), (5, 3, 4)], 0),
    "broadcast against a larger shared array": (lambda x, c: x * c, [(5, 3), (2, 3)], (0, None)),
    "reshape, transpose, index": (lambda x: x.reshape(2, 3).transpose(0, 1)[1:], [(4, 6)], 0),
    "T and tanh": (lambda x: x.T.tanh(), [(3, 2, 4)], 0),
    "batch along dim 1": (lambda x: (x.exp() / x.exp().sum()).log(), [(3, 5)], 1),
    "two outputs": (lambda x, y: (x - y, (x * y).sum()), [(4, 3), (4, 3)], 0),
}


@pytest.mark.parametrize("name", list(VMAPPED))
def test_vmap_matches_torch_func_vmap(name) -> None:
    f, shapes, in_dims = VMAPPED[name]
    arrays = [RNG.normal(size=s) for s in shapes]
    got = func.vmap(f, in_dims=in_dims)(*arrays)
    want = torch.func.vmap(f, in_dims=in_dims)(*torch_tensors(arrays))
    for g, w in zip(flat(got), flat(want), strict=True):
        assert g.shape == tuple(w.shape)
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)


def test_vmap_out_dims_a_shared_output_and_a_size_mismatch() -> None:
    x = RNG.normal(size=(4, 3))
    got = func.vmap(lambda v: v * 2.0, out_dims=1)(x)
    np.testing.assert_allclose(got.data, (x * 2.0).T)
    np.testing.assert_allclose(func.vmap(lambda v, c: c, in_dims=(0, None))(x, np.ones(2)).data, np.ones((4, 2)))
    with pytest.raises(ValueError, match="same size in the mapped dimension"):
        func.vmap(lambda a, b: a + b)(np.ones((3, 2)), np.ones((4, 2)))


@pytest.mark.parametrize("shape, axis, keepdims", [
    ((2, 3), 1, False), ((2, 3, 4), (2, 0), False), ((2, 3, 4), (-1, 0), True), ((), None, False),
    ((3, 1, 2), None, True), ((4,), -1, False),
])
def test_sum_transpose_matches_torch_vjp_of_sum(shape, axis, keepdims) -> None:
    from autograd_lib.linear_tape import sum_transpose

    u = RNG.normal(size=np.sum(np.zeros(shape), axis=axis, keepdims=keepdims).shape)
    dims = tuple(range(len(shape))) if axis is None else axis
    _, pull = torch.func.vjp(lambda t: t.sum(dim=dims, keepdim=keepdims) if shape else t.sum(),
                             torch.zeros(shape, dtype=torch.float64))
    got = sum_transpose(u, shape, axis, keepdims)
    assert np.shape(got) == shape
    np.testing.assert_allclose(got, pull(torch.tensor(u))[0].numpy(), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("shape, wide", [
    ((2, 1), (4, 2, 3)), ((), (2, 3)), ((2, 3), (2, 3)), ((1, 3, 1), (2, 4, 3, 5)),
])
def test_broadcast_transpose_matches_torch_vjp_of_broadcast_to(shape, wide) -> None:
    from autograd_lib.linear_tape import broadcast_transpose

    u = RNG.normal(size=wide)
    _, pull = torch.func.vjp(lambda t: torch.broadcast_to(t, wide), torch.zeros(shape, dtype=torch.float64))
    got = broadcast_transpose(u, shape)
    assert np.shape(got) == shape
    np.testing.assert_allclose(got, pull(torch.tensor(u))[0].numpy(), rtol=1e-12, atol=1e-12)
