# source: written for this set
def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.
    """
    result = grad
    # step 1: the dimensions numpy put in front
    number_added = result.ndim - len(shape)
    if number_added > 0:
        leading_dims = tuple(range(number_added))
        result = result.sum(dim=leading_dims)
    # step 2: the dimensions that were 1 and got stretched
    stretched_dims = []
    for position in range(len(shape)):
        if shape[position] == 1 and result.shape[position] != 1:
            stretched_dims.append(position)
    if len(stretched_dims) > 0:
        result = result.sum(dim=tuple(stretched_dims), keepdim=True)
    return result
