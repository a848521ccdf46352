# heldout: drops the reduced axis
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    top, _ = input.max(dim)
    centred = input - top.detach()
    lse = centred.exp().sum(dim).log()
    return centred - lse
