# visible: fails
# mistake: shapes lined up on the left
# why: the extra dimensions are taken from the end instead of the front, but broadcasting pads shapes on the left.
# see: Broadcasting, forward
# hint: on which side does broadcasting line the shapes up, and on which side does it pad?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(len(shape), grad.ndim)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    return grad
