# visible: fails
# mistake: the single sample rebuilt with numpy
# why: Tensor(input.data[None]) is a new tensor with the right values but no link to input, so the output is right and input.grad stays None.
# see: A helper: `linear`
# hint: which Tensor operation adds a dimension and keeps the graph connected?
def linear(input, weight, bias=None):
    if input.ndim == 1:
        row = Tensor(input.data[None, :])
        return LinearFunction.apply(row, weight, bias).squeeze(0)
    return LinearFunction.apply(input, weight, bias)
