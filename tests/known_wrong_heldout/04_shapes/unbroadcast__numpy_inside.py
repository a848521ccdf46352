# heldout: numpy inside
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    target = tuple(shape)
    arr = grad.data
    lead = arr.ndim - len(target)
    if lead > 0:
        arr = arr.sum(axis=tuple(range(lead)))
    stretched = tuple(d for d, size in enumerate(target) if size == 1 and arr.shape[d] != 1)
    if stretched:
        arr = arr.sum(axis=stretched, keepdims=True)
    return Tensor(arr)
