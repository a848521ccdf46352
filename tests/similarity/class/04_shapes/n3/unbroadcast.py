# copy of solution: rename, recomment, reorder
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    s = tuple(shape)
    k = grad.ndim - len(s)
    g = grad
    if k > 0:
        g = g.sum(dim=tuple(range(k)))  # drop the added dims
    d = tuple(j for j, m in enumerate(s) if m == 1 and g.shape[j] != 1)
    if d:
        g = g.sum(dim=d, keepdim=True)
    return g
