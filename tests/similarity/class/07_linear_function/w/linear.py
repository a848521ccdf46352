# copy of n1: rename, recomment
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    if input.ndim == 2:
        return LinearFunction.apply(input, weight, bias)
    x = input.unsqueeze(0)
    y = LinearFunction.apply(x, weight, bias)
    return y.squeeze(0)
