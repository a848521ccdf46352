# copy of n1: rename, recomment, loop turned into a comprehension
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    out = grad
    extra = out.ndim - len(shape)
    if extra > 0:
        lead = tuple(range(extra))
        out = out.sum(dim=lead)
    ones = [p for p in range(len(shape)) if shape[p] == 1 and out.shape[p] != 1]
    if len(ones) > 0:
        out = out.sum(dim=tuple(ones), keepdim=True)
    return out
