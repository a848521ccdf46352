# source: written for this set
def linear(input, weight, bias=None):
    x = input.reshape(1, -1) if input.ndim == 1 else input
    y = LinearFunction.apply(x, weight, bias)
    return y.reshape(-1) if input.ndim == 1 else y
