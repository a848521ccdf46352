# source: written for this set
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    biggest = input.max(dim, keepdim=True).values.detach()
    shifted = input - biggest
    log_of_sum = shifted.exp().sum(dim, keepdim=True).log()
    return shifted - log_of_sum
