# Wrong: squeeze() removes every size-1 dimension, so a single sample with out = 1 gives a 0-d output instead of shape (1,).
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight, bias).squeeze()
    return LinearFunction.apply(input, weight, bias)
