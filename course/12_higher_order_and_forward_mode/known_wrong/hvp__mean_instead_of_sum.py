# visible: fails
# mistake: mean instead of the dot product
# why: the mean of g * v is the dot product divided by n, so H v comes out n times too small.
# see: Hessian-vector products
# hint: is the mean of g * v the dot product g . v?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    dot = (g * v).mean()
    if not dot.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(dot, x)
    return output.detach(), hv
