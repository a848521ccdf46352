# visible: fails
# mistake: wrong default step
# why: the formula is right, but a call without h uses 1e-6, the forward difference's default, instead of 1e-5.
# see: Exercise 2 · The central difference (1 point)
# hint: compare your signature with the one given in the exercise.
def central_difference(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)
