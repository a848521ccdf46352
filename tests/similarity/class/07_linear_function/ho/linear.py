# source: tests/known_wrong_heldout/07_linear_function/linear__drops_bias.py
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    batch = input if input.ndim == 2 else input.reshape(1, -1)
    result = LinearFunction.apply(batch, weight)
    if input.ndim == 1:
        result = result.reshape(-1)
    return result
