# unusual: H v as the vector-Jacobian product of the gradient (grad_outputs=v), no dot product; the linear case seen on g
# visible: passes
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    if not g.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(g, x, grad_outputs=v)
    return output.detach(), hv
