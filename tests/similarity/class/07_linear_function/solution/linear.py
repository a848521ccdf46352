# source: course/07_linear_function/07_linear_function.md, cell linear
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight, bias).squeeze(0)
    return LinearFunction.apply(input, weight, bias)
