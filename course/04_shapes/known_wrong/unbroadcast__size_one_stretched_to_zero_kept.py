# visible: passes
# mistake: sums a size-1 axis only when grad's axis is bigger
# why: the test is grad.shape[i] > 1 instead of != 1, so a size-1 input broadcast against an axis of size 0 keeps size 0 and the result does not have the input's shape.
# see: Exercise 1 · `unbroadcast` (2 points)
# hint: which sizes can broadcasting stretch a size-1 axis to? Is 0 one of them?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    dims = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] > 1)
    if dims:
        grad = grad.sum(dim=dims, keepdim=True)
    return grad
