# source: tests/unusual_correct/07_linear_function/linear__reshape.py
def linear(input, weight, bias=None):
    if len(input.shape) == 1:
        return LinearFunction.apply(input.reshape(1, -1), weight, bias).reshape(-1)
    return LinearFunction.apply(input, weight, bias)
