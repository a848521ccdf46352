# unusual: reshape(1, -1) and reshape(-1) for the single sample, len(input.shape) for the number of dimensions
# visible: passes
def linear(input, weight, bias=None):
    if len(input.shape) == 1:
        return LinearFunction.apply(input.reshape(1, -1), weight, bias).reshape(-1)
    return LinearFunction.apply(input, weight, bias)
