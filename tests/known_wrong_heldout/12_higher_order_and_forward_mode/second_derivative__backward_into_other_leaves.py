# heldout: a backward into its own detached copy, which also writes the .grad of the other leaves of f
def second_derivative(f, x):
    copy = x.detach().requires_grad_()
    y = f(copy)
    (first,) = grad(y, copy, grad_outputs=autograd_lib.ones_like(y), create_graph=True)
    if not first.requires_grad:
        return autograd_lib.zeros_like(copy)
    first.backward(autograd_lib.ones_like(first))
    return copy.grad if copy.grad is not None else autograd_lib.zeros_like(copy)
