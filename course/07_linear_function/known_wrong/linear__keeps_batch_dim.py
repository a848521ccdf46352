# visible: passes
# Makes a single sample a batch of one, but never removes that dimension: (1, out) instead of (out,).
def linear(input, weight, bias=None):
    if input.ndim == 1:
        input = input.unsqueeze(0)
    return LinearFunction.apply(input, weight, bias)
