# visible: fails
# mistake: the bias is never passed on
# why: linear calls LinearFunction.apply with two arguments, so the bias is silently ignored.
# see: Exercise 2 · `linear` (1 point)
# hint: what must linear hand to LinearFunction.apply, even when it is None?
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight).squeeze(0)
    return LinearFunction.apply(input, weight)
