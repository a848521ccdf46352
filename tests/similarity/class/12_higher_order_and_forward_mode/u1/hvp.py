# source: tests/unusual_correct/12_higher_order_and_forward_mode/hvp__dot_product_first_then_two_grads_of_a_sum.py
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
