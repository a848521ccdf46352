# visible: fails
# mistake: Function called the 2017 way
# why: LinearFunction()(x, W, b) makes an object of the Function class; modern Functions are used through the class method apply.
# see: Exercise 2 · `linear` (1 point)
# hint: how is a Function called in this course and in PyTorch?
def linear(input, weight, bias=None):
    if input.ndim == 1:
        return LinearFunction()(input.unsqueeze(0), weight, bias).squeeze(0)
    return LinearFunction()(input, weight, bias)
