# heldout: one max for the whole batch
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    peak = input.max().detach()
    z = input - peak
    normaliser = z.exp().sum(dim, keepdim=True).log()
    return z - normaliser
