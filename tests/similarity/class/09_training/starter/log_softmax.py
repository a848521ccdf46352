# source: assignments/09_training/09_training.ipynb, cell log_softmax
def log_softmax(input: Tensor, dim: int = -1) -> Tensor:
    """``log(softmax(input))`` along ``dim``, computed stably (same shape as ``input``).

    log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m)) with m = max_j x_j, a constant.
    """
    # YOUR CODE HERE
    raise NotImplementedError()
