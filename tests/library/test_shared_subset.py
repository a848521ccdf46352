"""The shared subset: ONE LinearFunction body runs on autograd_lib.Function and on
torch.autograd.Function, giving the same values and gradients (the course shows this)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib.testing import assert_close

LINEAR_SOURCE = '''
class LinearFunction(Base):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias
'''


def linear_function(base: type) -> type:
    """Execute the same class body with ``Base`` bound to ``base``."""
    namespace: dict = {"Base": base}
    exec(LINEAR_SOURCE, namespace)
    return namespace["LinearFunction"]


@pytest.mark.parametrize("with_bias", [True, False])
@pytest.mark.parametrize("needs", [(True, True, True), (False, True, True), (True, False, False)])
def test_one_linear_function_body_runs_on_both_libraries(with_bias, needs) -> None:
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal((5, 3)), rng.standard_normal((4, 3)), rng.standard_normal(4)]
    upstream = rng.standard_normal((5, 4))
    results = {}
    for lib, base in ((ag, ag.Function), (torch, torch.autograd.Function)):
        fn = linear_function(base)
        ts = [lib.tensor(a, requires_grad=r) for a, r in zip(arrays, needs, strict=True)]
        out = fn.apply(ts[0], ts[1], ts[2] if with_bias else None)
        out.backward(lib.tensor(upstream))
        results[lib.__name__] = (out, [t.grad for t in ts])
    (ours, our_grads), (theirs, their_grads) = results["autograd_lib"], results["torch"]
    assert_close(ours, theirs, name="output", reference="torch")
    for name, g, tg in zip(("input", "weight", "bias"), our_grads, their_grads, strict=True):
        assert_close(g, tg, name=f"grad of `{name}`", reference="torch")


def test_the_shared_linear_function_passes_both_gradchecks() -> None:
    rng = np.random.default_rng(1)
    arrays = [rng.standard_normal((3, 2)), rng.standard_normal((4, 2)), rng.standard_normal(4)]
    ours = linear_function(ag.Function)
    theirs = linear_function(torch.autograd.Function)
    assert ag.gradcheck(ours.apply, [ag.tensor(a, requires_grad=True) for a in arrays])
    assert torch.autograd.gradcheck(
        theirs.apply, [torch.tensor(a, requires_grad=True) for a in arrays]
    )
    assert ag.gradgradcheck(ours.apply, [ag.tensor(a, requires_grad=True) for a in arrays])


def test_graph_of_the_shared_function_has_the_same_shape_in_both_libraries() -> None:
    ours = linear_function(ag.Function).apply(
        ag.ones(2, 3), ag.ones(4, 3, requires_grad=True), ag.ones(4, requires_grad=True))
    theirs = linear_function(torch.autograd.Function).apply(
        torch.ones(2, 3), torch.ones(4, 3, requires_grad=True), torch.ones(4, requires_grad=True))
    assert ours.grad_fn.name() == theirs.grad_fn.name() == "LinearFunctionBackward"
    shape = [(type(n).__name__ if n is not None else None, i)
             for n, i in ours.grad_fn.next_functions]
    their_shape = [(type(n).__name__ if n is not None else None, i)
                   for n, i in theirs.grad_fn.next_functions]
    assert shape == their_shape == [(None, 0), ("AccumulateGrad", 0), ("AccumulateGrad", 0)]
