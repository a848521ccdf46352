# unusual: sums every broadcast axis at once without keepdim, then reshapes to the target shape
# visible: passes
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    axes = list(range(extra))
    axes += [extra + i for i, n in enumerate(shape) if n == 1 and grad.shape[extra + i] != 1]
    if axes:
        grad = grad.sum(dim=tuple(axes))
    return grad.reshape(shape)
