# visible: fails
# mistake: changes x
# why: np.asarray(x, dtype=np.float64) makes no copy of a float64 x, so the nudges land in the caller's array, and stepping back by arithmetic (x + h - 2h + h) does not always give x back in floating point.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: the caller still needs x: does your copy really copy, whatever x's dtype is?
def numerical_gradient(f, x, h=1e-5):
    point = np.asarray(x, dtype=np.float64)
    grad = np.zeros(point.shape)
    for index in np.ndindex(point.shape):
        point[index] += h
        f_plus = f(point)
        point[index] -= 2 * h
        f_minus = f(point)
        point[index] += h
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
