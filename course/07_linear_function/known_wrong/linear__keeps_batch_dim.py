# visible: fails
# mistake: the batch dimension is kept
# why: a single sample becomes a batch of one row, but that row dimension is never removed: (1, out) instead of (out,).
# see: A helper: `linear`
# hint: after unsqueeze(0) on the way in, what must happen on the way out?
def linear(input, weight, bias=None):
    if input.ndim == 1:
        input = input.unsqueeze(0)
    return LinearFunction.apply(input, weight, bias)
