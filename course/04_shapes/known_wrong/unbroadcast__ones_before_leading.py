# visible: fails
# mistake: size-1 dimensions found before the leading ones are gone
# why: the positions of the 1s are read in shape but used on grad while grad still has its extra leading dimensions, so with (2, 3, 4) -> (3, 1) the wrong dimension is summed.
# see: Exercise 1 · `unbroadcast` (2 points)
# hint: dimension i of shape matches which dimension of grad, when grad has more dimensions?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    return grad
