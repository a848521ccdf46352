# visible: passes
# Sums away the leading dimensions but forgets the size-1 dimensions inside the shape.
def unbroadcast(grad, shape):
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    return grad
