# heldout: size-1 dimensions found before the leading ones are gone
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    target = tuple(shape)
    lead = grad.ndim - len(target)
    stretched = tuple(d for d, size in enumerate(target) if size == 1 and grad.shape[d] != 1)
    out = grad
    if lead > 0:
        out = out.sum(dim=tuple(range(lead)))
    if stretched:
        out = out.sum(dim=stretched, keepdim=True)
    return out
