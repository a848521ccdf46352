# Wrong: a batch of one row (N = 1) is squeezed too, so a (1, in) input gives (out,) instead of (1, out).
def linear(input, weight, bias=None):
    batch = input.unsqueeze(0) if input.ndim == 1 else input
    output = LinearFunction.apply(batch, weight, bias)
    return output.squeeze(0) if batch.shape[0] == 1 else output
