# visible: fails
# Lines the shapes up on the left: sums the extra trailing dimensions instead of the leading ones.
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(len(shape), grad.ndim)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    return grad
