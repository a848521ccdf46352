# source: tests/unusual_correct/04_shapes/unbroadcast__sum_then_reshape.py
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    axes = list(range(extra))
    axes += [extra + i for i, n in enumerate(shape) if n == 1 and grad.shape[extra + i] != 1]
    if axes:
        grad = grad.sum(dim=tuple(axes))
    return grad.reshape(shape)
