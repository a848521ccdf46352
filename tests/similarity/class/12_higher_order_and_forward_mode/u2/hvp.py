# source: tests/unusual_correct/12_higher_order_and_forward_mode/hvp__vjp_of_the_gradient.py
def hvp(func, inputs, v):
    x = inputs.detach().requires_grad_()
    output = func(x)
    (g,) = grad(output, x, create_graph=True)
    if not g.requires_grad:
        return output.detach(), zeros_like(x)
    (hv,) = grad(g, x, grad_outputs=v)
    return output.detach(), hv
