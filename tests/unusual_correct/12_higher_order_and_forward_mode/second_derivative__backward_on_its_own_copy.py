# unusual: the second pass is a backward into the .grad of its own detached copy (None there means f'' = 0), and grad_outputs replaces the sum
# visible: passes
def second_derivative(f, x):
    copy = x.detach().requires_grad_()
    y = f(copy)
    (first,) = grad(y, copy, grad_outputs=autograd_lib.ones_like(y), create_graph=True)
    if not first.requires_grad:
        return autograd_lib.zeros_like(copy)
    first.backward(autograd_lib.ones_like(first))
    return copy.grad if copy.grad is not None else autograd_lib.zeros_like(copy)
