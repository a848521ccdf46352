"""gradcheck and its parts: the Jacobians it builds, planted wrong backwards it must reject
(with a message naming output and input), float32 warnings, tuple outputs."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_lib as ag
from autograd_lib import Function
from autograd_lib.gradcheck import GradcheckError, analytical_jacobian, numerical_jacobian


class WrongMulGradB(Function):
    """Planted bug: d(a*b)/db returned as ``a + 1`` instead of ``a``."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a.data * b.data

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad * b, grad * (a + 1)


class ForgotTransposeMatMul(Function):
    """Planted bug: dA = G @ B instead of G @ B^T (square, so shapes still agree)."""

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a.data @ b.data

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad @ b, a.t() @ grad


def test_numerical_jacobian_of_a_linear_map_is_its_matrix() -> None:
    m = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    x = ag.tensor([0.5, -1.0], requires_grad=True)
    (row,) = numerical_jacobian(lambda t: ag.tensor(m) @ t, [x])
    np.testing.assert_allclose(row[0], m, atol=1e-8)


def test_numerical_and_analytical_jacobians_have_output_by_input_blocks() -> None:
    a, b = ag.randn(2, 3, requires_grad=True), ag.randn(3, requires_grad=True)
    def fn(x, y, k):
        return (x * y).sum(1) * k, x.exp()

    num, ana = numerical_jacobian(fn, [a, b, 7]), analytical_jacobian(fn, [a, b, 7])
    assert [[block.shape for block in row] for row in num] == [
        [(2, 6), (2, 3), (2, 0)], [(6, 6), (6, 3), (6, 0)]
    ]
    for nrow, arow in zip(num, ana, strict=True):
        for n, an in zip(nrow, arow, strict=True):
            np.testing.assert_allclose(an, n, atol=1e-6)


def test_numerical_jacobian_restores_the_inputs() -> None:
    x = ag.randn(3, requires_grad=True)
    before = x.data.copy()
    numerical_jacobian(lambda t: t * t, [x])
    np.testing.assert_array_equal(x.data, before)


def test_gradcheck_accepts_a_correct_backward_and_non_tensor_inputs() -> None:
    assert ag.gradcheck(lambda x, k: (x * k).tanh(), [ag.randn(3, requires_grad=True), 2.0])


def test_gradcheck_rejects_a_wrong_gradient_and_names_output_and_input() -> None:
    a, b = ag.randn(3, requires_grad=True), ag.randn(3, requires_grad=True)
    with pytest.raises(GradcheckError, match=r"(?s)Jacobian mismatch for output 0 with respect "
                       r"to input 1,\nnumerical:.*analytical:") as info:
        ag.gradcheck(WrongMulGradB.apply, [a, b])
    assert isinstance(info.value, RuntimeError)


def test_gradcheck_rejects_a_forgotten_transpose() -> None:
    a, b = ag.randn(3, 3, requires_grad=True), ag.randn(3, 3, requires_grad=True)
    with pytest.raises(GradcheckError, match="output 0 with respect to input 0"):
        ag.gradcheck(ForgotTransposeMatMul.apply, [a, b])


def test_gradcheck_names_the_failing_output_of_a_tuple() -> None:
    a, b = ag.randn(3, requires_grad=True), ag.randn(3, requires_grad=True)
    with pytest.raises(GradcheckError, match="output 1 with respect to input 1"):
        ag.gradcheck(lambda x, y: (x + y, WrongMulGradB.apply(x, y)), [a, b])


def test_gradcheck_returns_false_when_asked_not_to_raise() -> None:
    a, b = ag.randn(3, requires_grad=True), ag.randn(3, requires_grad=True)
    assert ag.gradcheck(WrongMulGradB.apply, [a, b], raise_exception=False) is False


def test_gradcheck_warns_on_float32_inputs() -> None:
    x = ag.randn(3, dtype=ag.float32, requires_grad=True)
    with pytest.warns(UserWarning, match="not a double precision"):
        ag.gradcheck(lambda t: t * 2, [x], raise_exception=False)  # eps=1e-6 is below float32's
        # resolution, so the numerical Jacobian is off by a few percent: the course shows it


def test_gradcheck_needs_an_input_that_requires_grad() -> None:
    with pytest.raises(ValueError, match="at least one input tensor to require gradient"):
        ag.gradcheck(lambda t: t * 2, [ag.randn(3)])


def test_gradgradcheck_rejects_a_backward_that_is_not_differentiable_correctly() -> None:
    class BadSecondOrder(Function):
        """First derivative right (3x^2), but written so that its own derivative is wrong."""

        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.data**3

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * 3 * x * x.detach()  # detach: the second derivative loses a term

    x = ag.randn(3, requires_grad=True)
    assert ag.gradcheck(BadSecondOrder.apply, [x])
    with pytest.raises(GradcheckError, match="Jacobian mismatch"):
        ag.gradgradcheck(BadSecondOrder.apply, [x])


def _scaled(c: float, k: float):
    """y = c * x with a backward that multiplies by k: numerical entries c, analytical entries k."""

    class Scaled(Function):
        @staticmethod
        def forward(ctx, x):
            return x.data * c

        @staticmethod
        def backward(ctx, grad):
            return grad * k

    return Scaled.apply


#: (numerical c, analytical k, tolerances, verdict): the rule |a - n| <= atol + rtol |n|, with the
#: bound on the numerical entry. Each row tells it apart from a near miss: rtol |a| instead of
#: rtol |n|, rtol / |n|, a relative error alone, the default atol and rtol.
TOLERANCE_CASES = [
    (1.0, 1.095, {"atol": 0.0, "rtol": 0.1}, True),
    (1.0, 1.105, {"atol": 0.0, "rtol": 0.1}, False),  # rtol |a| = 0.1105 would pass it
    (1.105, 1.0, {"atol": 0.0, "rtol": 0.1}, True),   # rtol |a| = 0.1 would fail it
    (0.0, 9e-6, {}, True),                            # n = 0: atol = 1e-5 alone decides
    (0.0, 1.1e-5, {}, False),                         # rtol / |n| (infinite at 0) would pass it
    (1e-8, 1.2e-5, {"rtol": 0.5}, False),             # near 0: |a - n| is 1.2e-5 > 1e-5 + 5e-9
    (2.0, 2.0018, {}, True), (2.0, 2.0025, {}, False),  # the default rtol 1e-3 on |n| = 2
    (1000.0, 1000.9, {}, True), (1000.0, 1001.1, {}, False),
]


@pytest.mark.parametrize("c, k, options, verdict", TOLERANCE_CASES)
def test_gradcheck_tolerance_is_atol_plus_rtol_times_the_numerical_entry(c, k, options, verdict) -> None:
    from autograd_lib.gradcheck import gradcheck

    x = ag.tensor([0.7], requires_grad=True)
    assert gradcheck(_scaled(c, k), [x], raise_exception=False, **options) is verdict


@pytest.mark.parametrize("c, k, options, verdict", TOLERANCE_CASES)
def test_the_tolerance_is_torchs(c, k, options, verdict) -> None:
    """torch.autograd.gradcheck gives the same verdict on the same Jacobians (float64)."""
    torch = pytest.importorskip("torch")

    class Scaled(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * c

        @staticmethod
        def backward(ctx, grad):
            return grad * k

    x = torch.tensor([0.7], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(Scaled.apply, (x,), raise_exception=False, **options) is verdict
