# visible: passes
# Sums over the stretched size-1 dimensions without keepdim=True, so they disappear from the shape.
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones)
    return grad
