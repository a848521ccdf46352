# copy of n1: rename
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    mx = input.max(dim, keepdim=True).values.detach()
    s = input - mx
    lse = s.exp().sum(dim, keepdim=True).log()
    return s - lse
