# visible: fails
# mistake: row sums instead of g . v
# why: grad of g.sum() gives the row sums of H, and multiplying them by v is right only when H is diagonal.
# see: Hessian-vector products
# hint: which scalar has the gradient H v? Where must v enter?
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    if not g.requires_grad:
        return output.detach(), zeros_like(x)
    (row_sums,) = grad(g.sum(), x)
    return output.detach(), row_sums * v
