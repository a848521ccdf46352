# visible: fails
# mistake: the gradient takes x's dtype
# why: np.zeros_like(x) of an integer x is an integer array, so each partial derivative is cut to an integer (1.9999999 becomes 1).
# see: Exercise 3 · The numerical gradient (2 points)
# hint: which dtype does the exercise ask for the result, whatever x is?
def numerical_gradient(f, x, h=1e-5):
    point = np.array(x, dtype=np.float64)
    grad = np.zeros_like(x)
    for index in np.ndindex(point.shape):
        original = point[index]
        point[index] = original + h
        f_plus = f(point)
        point[index] = original - h
        f_minus = f(point)
        point[index] = original
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
