# Wrong: a size-1 axis is summed only when grad's size there is > 1, so a size-1 input broadcast against a size-0 axis keeps shape 0.
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    dims = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] > 1)
    if dims:
        grad = grad.sum(dim=dims, keepdim=True)
    return grad
