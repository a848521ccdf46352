# visible: fails
# mistake: steps to the left
# why: (f(x) - f(x - h)) / h is the backward difference; its error has the opposite sign (5.5 instead of 6.5 in the example).
# see: The derivative as a limit
# hint: which side of x does the forward difference look at?
def forward_difference(f, x, h=1e-6):
    return (f(x) - f(x - h)) / h
