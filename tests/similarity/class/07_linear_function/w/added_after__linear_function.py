# copy of n1: rename, comment removed
a = autograd_lib.randn(5, 3, requires_grad=True)
b = autograd_lib.randn(4, 3, requires_grad=True)
c = autograd_lib.randn(4, requires_grad=True)
o = LinearFunction.apply(a, b, c)
o.sum().backward()
print(o.shape, a.grad.shape, b.grad.shape, c.grad.shape)
