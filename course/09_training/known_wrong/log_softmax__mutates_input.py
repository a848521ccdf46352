# visible: fails
# mistake: shifts the input itself
# why: writing the shifted logits into input.data gives the right result, but the caller's tensor now holds other numbers.
# see: Exercise 1 · A stable `log_softmax` (2 points)
# hint: can the shift be a new Tensor, built from input, instead of a change to input?
def log_softmax(input, dim=-1):
    input.data = input.data - input.data.max(axis=dim, keepdims=True)
    return input - input.exp().sum(dim, keepdim=True).log()
