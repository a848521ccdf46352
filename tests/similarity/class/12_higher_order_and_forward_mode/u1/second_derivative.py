# source: tests/unusual_correct/12_higher_order_and_forward_mode/second_derivative__backward_on_its_own_copy.py
def second_derivative(f, x):
    copy = x.detach().requires_grad_()
    y = f(copy)
    (first,) = grad(y, copy, grad_outputs=autograd_lib.ones_like(y), create_graph=True)
    first.backward(autograd_lib.ones_like(first))
    return copy.grad
