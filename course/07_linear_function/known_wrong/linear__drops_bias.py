# visible: fails
# Never passes the bias on.
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight).squeeze(0)
    return LinearFunction.apply(input, weight)
