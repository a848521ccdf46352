"""The backward engine: topological order, accumulation, reused nodes, retain_graph, no_grad,
create_graph, autograd.grad and its error messages."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib.engine import topological_order
from autograd_lib.node import AccumulateGrad


def test_topological_order_puts_every_node_before_the_nodes_it_depends_on() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    b = a.exp()
    c = (a + b).sum()
    order = topological_order(c.grad_fn)
    position = {node: i for i, node in enumerate(order)}
    assert order[0] is c.grad_fn
    for node in order:
        for child, _ in node.next_functions:
            if child is not None:
                assert position[node] < position[child], f"{node.name()} after {child.name()}"
    assert [n.name() for n in order] == [
        "SumBackward", "AddBackward", "ExpBackward", "MulBackward", "AccumulateGrad"
    ]


def test_topological_order_visits_each_shared_node_once() -> None:
    x = ag.tensor(1.0, requires_grad=True)
    b = x + x
    c = b + b
    order = topological_order(c.grad_fn)
    assert len(order) == len(set(order)) == 3


def test_a_chain_of_ten_thousand_ops_backpropagates_without_recursion() -> None:
    x = ag.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(10_000):
        y = y * 1.0001
    y.backward()
    assert np.isclose(x.grad.item(), 1.0001**10_000)


def test_reused_node_accumulates_gradient() -> None:
    a = ag.tensor(3.0, requires_grad=True)
    b = a + a
    c = b + b
    c.backward()
    assert a.grad.item() == 4.0


def test_gradients_accumulate_in_leaves_across_backward_calls() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad.data, 4 * x.data)


def test_second_backward_through_a_freed_graph_is_a_clear_error() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time.*"
                       "retain_graph=True"):
        y.backward()


def test_retain_graph_allows_a_second_backward() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    np.testing.assert_allclose(x.grad.data, 4 * x.data)


def test_reading_saved_tensors_after_backward_raises_the_freed_message() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    y = x.exp()
    y.sum().backward()
    with pytest.raises(RuntimeError, match="Specify retain_graph=True"):
        _ = y.grad_fn.saved_tensors


def test_no_grad_stops_recording_and_enable_grad_restarts_it() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    with ag.no_grad():
        y = x * 2
        assert not ag.is_grad_enabled()
        with ag.enable_grad():
            z = x * 2
    assert ag.is_grad_enabled()
    assert not y.requires_grad and y.grad_fn is None
    assert z.requires_grad and z.grad_fn.name() == "MulBackward"


def test_no_grad_works_as_a_decorator_with_and_without_parentheses() -> None:
    @ag.no_grad()
    def f(t):
        return t * 2

    @ag.no_grad
    def g(t):
        return t * 2

    x = ag.tensor([1.0], requires_grad=True)
    assert not f(x).requires_grad and not g(x).requires_grad
    assert ag.is_grad_enabled()


def test_set_grad_enabled_works_as_a_context_manager() -> None:
    with ag.set_grad_enabled(False):
        assert not ag.is_grad_enabled()
    assert ag.is_grad_enabled()


def test_non_scalar_output_without_gradient_is_an_error() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="grad can be implicitly created only for scalar"):
        (x * 2).backward()


def test_non_scalar_output_with_explicit_gradient_backpropagates_it() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).backward(ag.tensor([1.0, 10.0]))
    np.testing.assert_allclose(x.grad.data, [3.0, 30.0])


def test_explicit_gradient_may_be_a_list_or_an_array() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).backward([1.0, 10.0])
    (x * 3).backward(np.array([1.0, 10.0]))
    np.testing.assert_allclose(x.grad.data, [6.0, 60.0])


def test_one_gradient_per_output_is_required() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="got 2 tensors and 1 gradients"):
        ag.autograd.backward([x * 2, x * 3], [ag.ones(2)])


def test_gradient_of_the_wrong_shape_is_an_error() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match=r"Mismatch in shape: grad_output\[0\]"):
        (x * 3).backward(ag.tensor([1.0, 2.0, 3.0]))


def test_backward_on_a_tensor_that_does_not_require_grad_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="element 0 of tensors does not require grad and does "
                       "not have a grad_fn"):
        ag.tensor(1.0).backward()


def test_backward_from_a_leaf_sets_its_own_gradient() -> None:
    x = ag.tensor(2.0, requires_grad=True)
    x.backward()
    assert x.grad.item() == 1.0


def test_backward_of_several_outputs_sums_their_contributions() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    ag.autograd.backward([(x * 2).sum(), (x * x).sum()])
    np.testing.assert_allclose(x.grad.data, 2 + 2 * x.data)


def test_retain_grad_keeps_the_gradient_of_a_non_leaf() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3
    other = x * 2  # a non-leaf of the same graph that did not ask to retain its grad
    h.retain_grad()
    (h * h + other).sum().backward()
    np.testing.assert_allclose(h.grad.data, 2 * h.data)
    assert other.grad is None


def test_tensor_hook_can_replace_the_gradient() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3
    seen = []
    handle = h.register_hook(lambda g: seen.append(g.data.copy()) or g * 0)
    h.sum().backward(retain_graph=True)
    np.testing.assert_allclose(seen[0], [1.0, 1.0])
    np.testing.assert_allclose(x.grad.data, [0.0, 0.0])
    handle.remove()
    h.sum().backward()
    assert len(seen) == 1, "a removed hook must not run"
    np.testing.assert_allclose(x.grad.data, [3.0, 3.0])


def test_leaf_hook_sees_the_gradient_before_accumulation() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    x.register_hook(lambda g: g * 10)
    (x * 3).sum().backward()
    np.testing.assert_allclose(x.grad.data, [30.0, 30.0])


def test_create_graph_gives_second_derivatives() -> None:
    x = ag.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = (x**3).sum()
    (dy,) = ag.autograd.grad(y, x, create_graph=True)
    np.testing.assert_allclose(dy.data, 3 * x.data**2)
    dy.sum().backward()
    np.testing.assert_allclose(x.grad.data, 6 * x.data)


def test_hessian_vector_product_matches_torch() -> None:
    data = np.array([0.3, -0.7, 1.1])
    v = np.array([1.0, 2.0, -1.0])

    def hvp(lib, x):
        y = (x.tanh() * x).sum() + (x * x).sum() ** 2
        (g,) = lib.autograd.grad(y, x, create_graph=True)
        (h,) = lib.autograd.grad((g * lib.tensor(v)).sum(), x)
        return h

    ours = hvp(ag, ag.tensor(data, requires_grad=True))
    theirs = hvp(torch, torch.tensor(data, requires_grad=True))
    ag.testing.assert_close(ours, theirs, name="Hessian-vector product", reference="torch")


def test_backward_with_create_graph_keeps_a_differentiable_grad() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    (x**2).sum().backward(create_graph=True)
    assert x.grad.requires_grad
    g = x.grad
    x.grad = None
    g.sum().backward()
    np.testing.assert_allclose(x.grad.data, [2.0, 2.0])


def test_autograd_grad_does_not_touch_dot_grad() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    w = ag.tensor([3.0, 4.0], requires_grad=True)
    (gx,) = ag.autograd.grad((x * w).sum(), [x])
    np.testing.assert_allclose(gx.data, w.data)
    assert x.grad is None and w.grad is None


def test_autograd_grad_with_respect_to_an_intermediate_tensor() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    h = x * 2
    (gh,) = ag.autograd.grad((h * h).sum(), h)
    np.testing.assert_allclose(gh.data, 2 * h.data)


def test_autograd_grad_of_an_unused_input_needs_allow_unused() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    unused = ag.tensor([1.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="appears to not have been used in the graph"):
        ag.autograd.grad((x * 2).sum(), [x, unused], retain_graph=True)
    gx, gu = ag.autograd.grad((x * 2).sum(), [x, unused], allow_unused=True)
    assert gu is None and gx.item() == 2.0


def test_leaf_has_one_cached_accumulate_grad_node() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    y, z = x * 2, x * 3
    node_y, node_z = y.grad_fn.next_functions[0][0], z.grad_fn.next_functions[0][0]
    assert isinstance(node_y, AccumulateGrad) and node_y is node_z
    assert node_y.variable is x and node_y.name() == "AccumulateGrad"


def test_next_functions_have_torch_shape() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    c = ag.tensor([2.0])
    y = x * c
    (fx, nx), (fc, nc) = y.grad_fn.next_functions
    assert isinstance(fx, AccumulateGrad) and nx == 0
    assert fc is None and nc == 0
    tx = torch.tensor([1.0], requires_grad=True) * torch.tensor([2.0])
    assert len(tx.grad_fn.next_functions) == len(y.grad_fn.next_functions)


def test_node_output_is_a_weak_reference_to_the_result() -> None:
    x = ag.tensor([1.0], requires_grad=True)
    y = x.exp()
    node = y.grad_fn
    assert node.output is y
    z = (x * 2).sum()
    node2 = z.grad_fn.next_functions[0][0]
    assert node2.name() == "MulBackward"
    assert node2.output is None  # the product was never bound to a name: it is gone


def test_backward_works_inside_no_grad() -> None:
    x = ag.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    with ag.no_grad():
        y.backward()
    np.testing.assert_allclose(x.grad.data, [2.0, 4.0])
