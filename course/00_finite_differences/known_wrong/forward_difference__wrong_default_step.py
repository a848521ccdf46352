# visible: fails
# mistake: wrong default step
# why: the formula is right, but a call without h uses 1e-5, the central difference's default, instead of 1e-6.
# see: Exercise 1 · The forward difference (1 point)
# hint: compare your signature with the one given in the exercise.
def forward_difference(f, x, h=1e-5):
    return (f(x + h) - f(x)) / h
