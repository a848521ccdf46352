# visible: passes
# Multiplies v by the row sums of H (grad of g.sum()) instead of taking grad of g . v:
# right only when the Hessian is diagonal.
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    if not g.requires_grad:
        return output.detach(), zeros_like(x)
    (row_sums,) = grad(g.sum(), x)
    return output.detach(), row_sums * v
