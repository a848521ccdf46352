# visible: fails
# mistake: only the leading dimensions
# why: the dimensions added in front are summed away, but the dimensions stretched from size 1 are left as they are.
# see: Broadcasting, backward
# hint: which two kinds of dimensions does broadcasting create?
def unbroadcast(grad, shape):
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    return grad
