# unusual: the dot product written as g @ v on a fresh copy of v, and the zero case answered with 0 * x
# visible: passes
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = g @ autograd_lib.tensor(v.data.copy())
    if dot.requires_grad:
        (hv,) = grad(dot, x)
    else:
        hv = autograd_lib.tensor(x.data * 0.0)
    return output.detach(), hv
