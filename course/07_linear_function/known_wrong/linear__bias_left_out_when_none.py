# visible: fails
# mistake: bias left out of the apply call when it is None
# why: the output is right, but LinearFunction.apply is called with two arguments instead of three, so its node has needs_input_grad of length 2 and forward never sees bias=None explicitly.
# see: Exercise 2 · `linear` (1 point)
# hint: The statement says "Always pass bias on, even when it is None": what arguments does your apply call receive when there is no bias?
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: input (N, in) or (in,), weight (out, in), bias (out,) or None.

    Returns (N, out) (or (out,) for a 1-D input). Gradients as in ``LinearFunction``.
    """
    args = (weight,) if bias is None else (weight, bias)
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), *args).squeeze(0)
    return LinearFunction.apply(input, *args)
