# source: tests/known_wrong_heldout/04_shapes/unbroadcast__drops_keepdim.py
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    target = tuple(shape)
    lead = grad.ndim - len(target)
    out = grad.sum(dim=tuple(range(lead))) if lead > 0 else grad
    stretched = tuple(d for d, size in enumerate(target) if size == 1 and out.shape[d] != 1)
    if stretched:
        out = out.sum(dim=stretched)
    return out
