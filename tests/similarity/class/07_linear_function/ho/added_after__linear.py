# source: written for this set
print(linear(autograd_lib.randn(3), autograd_lib.randn(2, 3)))
