# visible: fails
# mistake: no single-sample case
# why: a 1-D input reaches mm, which needs a matrix, so a single sample of shape (in,) raises.
# see: A helper: `linear`
# hint: what does input.ndim tell you, and what should a 1-D input become?
def linear(input, weight, bias=None):
    return LinearFunction.apply(input, weight, bias)
