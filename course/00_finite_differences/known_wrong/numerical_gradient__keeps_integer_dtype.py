# visible: fails
# mistake: keeps the integer dtype
# why: x.copy() of an integer array is integer, so x + h is rounded back to x and every difference is 0.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: which dtype must the copy you perturb have?
def numerical_gradient(f, x, h=1e-5):
    point = x.copy()
    grad = np.zeros(point.shape)
    for index in np.ndindex(point.shape):
        original = point[index]
        point[index] = original + h
        f_plus = f(point)
        point[index] = original - h
        f_minus = f(point)
        point[index] = original
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
