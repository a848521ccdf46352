# heldout: the batch dimension is kept
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    rows = input.unsqueeze(0) if input.dim() == 1 else input
    return LinearFunction.apply(rows, weight, bias)
