# visible: fails
# mistake: one-sided differences
# why: each partial derivative is a forward difference, whose error is of order h, not h**2.
# see: Many inputs: the numerical gradient
# hint: nudge each input both up and down.
def numerical_gradient(f, x, h=1e-5):
    point = np.array(x, dtype=np.float64)
    grad = np.zeros_like(point)
    f_here = f(point)
    for index in np.ndindex(point.shape):
        original = point[index]
        point[index] = original + h
        grad[index] = (f(point) - f_here) / h
        point[index] = original
    return grad
