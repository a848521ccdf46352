# source: written for this set
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    if input.ndim == 2:
        return LinearFunction.apply(input, weight, bias)
    # a single sample: make it a batch of one, then take the one row out again
    batch_of_one = input.unsqueeze(0)
    output = LinearFunction.apply(batch_of_one, weight, bias)
    return output.squeeze(0)
