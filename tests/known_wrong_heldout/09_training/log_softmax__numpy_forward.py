# heldout: computes in numpy
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    arr = input.data
    arr = arr - arr.max(axis=dim, keepdims=True)
    arr = arr - np.log(np.exp(arr).sum(axis=dim, keepdims=True))
    return Tensor(arr)
