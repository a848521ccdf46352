"""``Function``/``ctx``: apply, needs_input_grad, the validation of what backward returns,
mark_dirty, mark_non_differentiable, set_materialize_grads, once_differentiable,
setup_context, and the 2017-style call."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_lib as ag
from autograd_lib import Function


def make_function(backward_result, name: str = "Mul"):
    """A product Function whose backward returns ``backward_result(ctx, grad, a, b)``."""

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a.data * b.data

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return backward_result(ctx, grad, a, b)

    return type(name, (Function,), {"forward": staticmethod(forward),
                                    "backward": staticmethod(backward)})


def two_inputs(shape_a=(4, 3), shape_b=(4, 3)):
    return ag.randn(*shape_a, requires_grad=True), ag.randn(*shape_b, requires_grad=True)


def test_custom_function_output_has_a_grad_fn_named_after_it() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a))
    a, b = two_inputs()
    y = Mul.apply(a, b)
    assert y.requires_grad and y.grad_fn.name() == "MulBackward"
    assert repr(y).endswith("grad_fn=<MulBackward>)")
    y.sum().backward()
    np.testing.assert_allclose(a.grad.data, b.data)


def test_needs_input_grad_has_one_flag_per_forward_argument() -> None:
    seen = {}

    class Scale(Function):
        @staticmethod
        def forward(ctx, x, w, factor, bias=None):
            seen["flags"] = ctx.needs_input_grad
            return x.data * w.data * factor

        @staticmethod
        def backward(ctx, grad):
            return grad, None, None, None

    Scale.apply(ag.ones(2, requires_grad=True), ag.ones(2), 2.0, None)
    assert seen["flags"] == (True, False, False, False)


def test_wrong_number_of_gradients_is_an_error_naming_the_function() -> None:
    Mul = make_function(lambda ctx, g, a, b: g * b)
    a, b = two_inputs()
    with pytest.raises(RuntimeError, match=r"function MulBackward returned an incorrect number "
                       r"of gradients \(expected 2, got 1\)"):
        Mul.apply(a, b).sum().backward()


def test_extra_trailing_nones_are_allowed() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a, None, None))
    a, b = two_inputs()
    Mul.apply(a, b).sum().backward()
    np.testing.assert_allclose(b.grad.data, a.data)


def test_extra_non_none_gradients_are_an_error() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a, g))
    a, b = two_inputs()
    with pytest.raises(RuntimeError, match=r"incorrect number of gradients \(expected 2, got 3\)"):
        Mul.apply(a, b).sum().backward()


def test_non_tensor_gradient_is_an_error_naming_the_function_and_index() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, (g * a).data))
    a, b = two_inputs()
    with pytest.raises(RuntimeError, match=r"function MulBackward returned an invalid gradient "
                       r"at index 1 - expected a Tensor or None, but got ndarray"):
        Mul.apply(a, b).sum().backward()


def test_gradient_of_an_incompatible_shape_is_an_error_with_both_shapes() -> None:
    Mul = make_function(lambda ctx, g, a, b: ((g * b).t(), g * a))
    a, b = two_inputs()
    with pytest.raises(RuntimeError, match=r"Function MulBackward returned an invalid gradient at "
                       r"index 0 - got \[3, 4\] but expected shape compatible with \[4, 3\]"):
        Mul.apply(a, b).sum().backward()


def test_gradient_that_is_a_broadcast_of_the_input_shape_is_summed_back() -> None:
    # forgets to unbroadcast: the engine sums the (4, 3) gradient back to b's shape (3,)
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a))
    a, b = two_inputs((4, 3), (3,))
    Mul.apply(a, b).sum().backward()
    np.testing.assert_allclose(b.grad.data, a.data.sum(0))


def test_gradient_for_an_input_that_needs_none_is_ignored() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a))
    a = ag.randn(3, requires_grad=True)
    b = ag.randn(3)
    Mul.apply(a, b).sum().backward()
    assert b.grad is None


def test_gradient_for_a_non_tensor_argument_must_be_none() -> None:
    class Scale(Function):
        @staticmethod
        def forward(ctx, x, factor):
            ctx.factor = factor
            return x.data * factor

        @staticmethod
        def backward(ctx, grad):
            return grad * ctx.factor, grad

    with pytest.raises(RuntimeError, match="position 1, but the corresponding forward input "
                       "was not a Tensor"):
        Scale.apply(ag.ones(2, requires_grad=True), 3.0).sum().backward()


def test_gradient_dtype_is_cast_to_the_input_dtype() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g.double() * b.double(), None))
    a = ag.randn(3, dtype=ag.float32, requires_grad=True)
    Mul.apply(a, ag.randn(3, dtype=ag.float32)).sum().backward()
    assert a.grad.dtype == ag.float32


def test_forward_may_return_a_numpy_array_a_tensor_or_a_tuple() -> None:
    class Split(Function):
        @staticmethod
        def forward(ctx, x):
            return ag.tensor(x.data * 2), x.data * 3

        @staticmethod
        def backward(ctx, g2, g3):
            return g2 * 2 + g3 * 3

    x = ag.tensor([1.0, 2.0], requires_grad=True)
    two, three = Split.apply(x)
    assert two.grad_fn is three.grad_fn and three.grad_fn.num_outputs == 2
    (two.sum() + three.sum()).backward()
    np.testing.assert_allclose(x.grad.data, [5.0, 5.0])


def test_missing_output_gradients_are_materialized_as_zeros() -> None:
    seen = {}

    class Pair(Function):
        @staticmethod
        def forward(ctx, x):
            return x.data * 2, x.data * 3

        @staticmethod
        def backward(ctx, g2, g3):
            seen["g3"] = g3
            return g2 * 2

    x = ag.tensor([1.0, 2.0], requires_grad=True)
    Pair.apply(x)[0].sum().backward()
    np.testing.assert_array_equal(seen["g3"].data, [0.0, 0.0])


def test_set_materialize_grads_false_passes_none() -> None:
    seen = {}

    class Pair(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x.data * 2, x.data * 3

        @staticmethod
        def backward(ctx, g2, g3):
            seen["g3"] = g3
            return g2 * 2

    x = ag.tensor([1.0, 2.0], requires_grad=True)
    Pair.apply(x)[0].sum().backward()
    assert seen["g3"] is None


def test_mark_non_differentiable_outputs_do_not_require_grad() -> None:
    class SortValues(Function):
        @staticmethod
        def forward(ctx, x):
            order = ag.tensor(np.argsort(x.data))
            ctx.mark_non_differentiable(order)
            ctx.save_for_backward(order)
            return ag.tensor(x.data[order.data]), order

        @staticmethod
        def backward(ctx, grad, _grad_order):
            (order,) = ctx.saved_tensors
            out = ag.zeros(grad.shape[0])
            out.data[order.data] = grad.data
            return out

    x = ag.tensor([3.0, 1.0, 2.0], requires_grad=True)
    values, order = SortValues.apply(x)
    assert values.requires_grad and not order.requires_grad
    (values * ag.tensor([1.0, 10.0, 100.0])).sum().backward()
    np.testing.assert_allclose(x.grad.data, [100.0, 1.0, 10.0])


def test_mark_dirty_makes_the_modified_input_the_output() -> None:
    class MulTwo_(Function):
        @staticmethod
        def forward(ctx, x):
            x.data *= 2
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, grad):
            return grad * 2

    leaf = ag.tensor([1.0, 2.0], requires_grad=True)
    h = leaf * 1
    out = MulTwo_.apply(h)
    assert out is h and h.grad_fn.name() == "MulTwo_Backward"
    out.sum().backward()
    np.testing.assert_allclose(leaf.grad.data, [2.0, 2.0])
    with pytest.raises(RuntimeError, match="leaf Variable that requires grad is being used in an "
                       "in-place operation"):
        MulTwo_.apply(ag.tensor([1.0], requires_grad=True))


def test_backward_through_a_tensor_modified_in_place_after_saving_is_an_error() -> None:
    class AddOne_(Function):
        @staticmethod
        def forward(ctx, x):
            x.data += 1
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, grad):
            return grad

    leaf = ag.tensor([1.0, 2.0], requires_grad=True)
    h = leaf * 1
    y = h.exp()  # ExpBackward saves its output y...
    AddOne_.apply(y)  # ...which is then modified in place
    with pytest.raises(RuntimeError, match=r"modified by an inplace operation: saved tensor 0 of "
                       r"ExpBackward .* is at version 1; expected version 0"):
        y.sum().backward()


def test_returning_an_input_unchanged_does_not_rewrite_its_history() -> None:
    class Identity(Function):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, grad):
            return grad

    x = ag.tensor([1.0], requires_grad=True)
    y = Identity.apply(x)
    assert y is not x and x.is_leaf and y.grad_fn.name() == "IdentityBackward"


def test_once_differentiable_backward_refuses_double_backward() -> None:
    class Cube(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.data**3

        @staticmethod
        @ag.once_differentiable
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * 3 * x * x

    x = ag.tensor([2.0], requires_grad=True)
    (g,) = ag.autograd.grad(Cube.apply(x).sum(), x, create_graph=True)
    assert g.item() == 12.0 and not g.requires_grad  # as in torch: the seed needs no grad
    upstream = ag.ones(1, requires_grad=True)
    (g,) = ag.autograd.grad(Cube.apply(x), x, upstream, create_graph=True)
    with pytest.raises(RuntimeError, match="marked with @once_differentiable"):
        g.sum().backward()
    Cube.apply(x).sum().backward()  # first order is fine
    assert x.grad.item() == 12.0


def test_setup_context_style_of_torch_2_works() -> None:
    class Mul(Function):
        @staticmethod
        def forward(a, b):
            return a.data * b.data

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(*inputs)

        @staticmethod
        def backward(ctx, grad):
            a, b = ctx.saved_tensors
            return grad * b, grad * a

    a, b = two_inputs()
    Mul.apply(a, b).sum().backward()
    np.testing.assert_allclose(a.grad.data, b.data)


def test_calling_an_instance_2017_style_explains_the_modern_form() -> None:
    Mul = make_function(lambda ctx, g, a, b: (g * b, g * a))
    a, b = two_inputs()
    with pytest.warns(DeprecationWarning, match="should not be instantiated"):
        instance = Mul()
    with pytest.raises(RuntimeError, match=r"(?s)^Legacy autograd function.*@staticmethod.*"
                       r"Mul\.apply\(x\).*Mul\(\)\(x\)"):
        instance(a, b)


def test_legacy_non_static_forward_is_refused_with_the_same_explanation() -> None:
    class Old(Function):
        def forward(self, x):
            return x.data

        def backward(self, grad):
            return grad

    with pytest.raises(RuntimeError, match=r"Old\.apply\(x\)"):
        Old.apply(ag.ones(1, requires_grad=True))


def test_saved_variables_is_a_deprecated_alias_like_in_torch() -> None:
    class Double(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.data * 2

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_variables
            return grad * 2

    with pytest.warns(DeprecationWarning, match="use 'saved_tensors'"):
        Double.apply(ag.ones(2, requires_grad=True)).sum().backward()


def test_save_for_backward_refuses_non_tensors() -> None:
    class Bad(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, 3.0)  # x has 2 elements: the message must not compare them
            return x.data

    with pytest.raises(TypeError, match="can only save tensors, but argument 1 is of type float"):
        Bad.apply(ag.ones(2))


def test_custom_function_with_non_tensor_arguments_passes_gradcheck() -> None:
    class ScaledTanh(Function):
        @staticmethod
        def forward(ctx, x, scale, bias=None):
            out = ag.tensor(np.tanh(x.data * scale))
            ctx.save_for_backward(out, bias)
            ctx.scale = scale
            return out.data + (bias.data if bias is not None else 0)

        @staticmethod
        def backward(ctx, grad):
            out, bias = ctx.saved_tensors
            grad_bias = grad.sum(0) if bias is not None and ctx.needs_input_grad[2] else None
            return grad * ctx.scale * (1 - out * out), None, grad_bias

    x = ag.randn(3, 2, requires_grad=True)
    assert ag.gradcheck(lambda t: ScaledTanh.apply(t, 0.7), [x])
    assert ag.gradcheck(lambda t, b: ScaledTanh.apply(t, 0.7, b), [x, ag.randn(2, requires_grad=True)])
