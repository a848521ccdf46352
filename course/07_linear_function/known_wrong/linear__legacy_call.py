# visible: fails
# The 2017 style: a new Function object called like a function instead of LinearFunction.apply.
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction()(input.unsqueeze(0), weight, bias).squeeze(0)
    return LinearFunction()(input, weight, bias)
