# visible: fails
# mistake: only one leading dimension
# why: one leading dimension is summed away, but broadcasting may add several: (2, 3, 4) summed back to (4,) keeps a dimension too many.
# see: Broadcasting, forward
# hint: how many dimensions does padding on the left add to a shape of length 1 broadcast against one of length 3?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    if grad.ndim > len(shape):
        grad = grad.sum(dim=0)
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    return grad
