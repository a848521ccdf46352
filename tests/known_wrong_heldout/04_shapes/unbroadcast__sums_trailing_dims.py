# heldout: shapes lined up on the left
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    target = tuple(shape)
    extra = grad.ndim - len(target)
    out = grad
    if extra > 0:
        out = out.sum(dim=tuple(range(len(target), grad.ndim)))
    stretched = tuple(d for d, size in enumerate(target) if size == 1 and out.shape[d] != 1)
    if stretched:
        out = out.sum(dim=stretched, keepdim=True)
    return out
