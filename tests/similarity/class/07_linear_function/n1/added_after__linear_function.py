# source: written for this set
# quick shape check before the tests
x_try = autograd_lib.randn(5, 3, requires_grad=True)
w_try = autograd_lib.randn(4, 3, requires_grad=True)
b_try = autograd_lib.randn(4, requires_grad=True)
out_try = LinearFunction.apply(x_try, w_try, b_try)
out_try.sum().backward()
print(out_try.shape, x_try.grad.shape, w_try.grad.shape, b_try.grad.shape)
