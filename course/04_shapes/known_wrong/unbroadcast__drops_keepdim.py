# visible: fails
# mistake: stretched dimensions summed away
# why: the size-1 dimensions are summed without keepdim=True, so they disappear: a column (2, 1) comes back as (2,).
# see: Broadcasting, backward
# hint: after summing a dimension that was stretched from size 1, how many dimensions should the result still have?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones)
    return grad
