# visible: fails
# mistake: changes x
# why: it nudges x itself and steps back with arithmetic; x + h - 2h + h is not always x in floating point.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: the caller still needs x: where should the nudges happen?
def numerical_gradient(f, x, h=1e-5):
    grad = np.zeros(x.shape)
    for index in np.ndindex(x.shape):
        x[index] += h
        f_plus = f(x)
        x[index] -= 2 * h
        f_minus = f(x)
        x[index] += h
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
