# visible: fails
# mistake: sums into grad itself
# why: the sums are done on grad.data and stored back into grad, so the caller's gradient is changed and returned instead of a new tensor.
# see: Chapter 4 · Shapes: broadcasting and its gradient
# hint: should unbroadcast change the tensor it was given, or return a new one?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    data = grad.data
    extra = data.ndim - len(shape)
    if extra > 0:
        data = data.sum(axis=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and data.shape[i] != 1)
    if ones:
        data = data.sum(axis=ones, keepdims=True)
    grad.data = data
    return grad
