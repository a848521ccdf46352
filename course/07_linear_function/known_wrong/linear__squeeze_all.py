# visible: fails
# mistake: squeezes every size-1 dimension
# why: squeeze() with no argument also removes the output dimension when out == 1, so a single sample gives a 0-d result instead of shape (1,).
# see: Exercise 2 · `linear` (1 point)
# hint: which dimension did you add, and which one should you remove?
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction.apply(input.unsqueeze(0), weight, bias).squeeze()
    return LinearFunction.apply(input, weight, bias)
