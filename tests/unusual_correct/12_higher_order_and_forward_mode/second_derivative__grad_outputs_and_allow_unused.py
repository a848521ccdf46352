# unusual: grad_outputs of ones instead of a sum, and allow_unused (None means f'' = 0) instead of materialize_grads
# visible: passes
def second_derivative(f, x):
    copy = x.detach().requires_grad_()
    y = f(copy)
    (first,) = grad(y, copy, grad_outputs=autograd_lib.ones_like(y), create_graph=True)
    if not first.requires_grad:
        return autograd_lib.zeros_like(copy)
    (second,) = grad(first, copy, grad_outputs=autograd_lib.ones_like(first), allow_unused=True)
    return autograd_lib.zeros_like(copy) if second is None else second
