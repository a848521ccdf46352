# heldout: squeezes every size-1 dimension
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    single = input.ndim == 1
    if single:
        input = input.unsqueeze(0)
    output = LinearFunction.apply(input, weight, bias)
    return output.squeeze() if single else output
