# source: tests/known_wrong_heldout/09_training/log_softmax__default_dim_first.py
def log_softmax(input: Tensor, dim: int = 0) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    m = input.max(dim, keepdim=True).values.detach()
    d = input - m
    return d - d.exp().sum(dim, keepdim=True).log()
