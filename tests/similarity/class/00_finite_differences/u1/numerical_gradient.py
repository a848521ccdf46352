# source: tests/unusual_correct/00_finite_differences/numerical_gradient__basis_vectors.py
def numerical_gradient(f, x, h=1e-5):
    point = np.array(x, dtype=np.float64)
    grad = np.zeros(point.shape)
    for index in np.ndindex(*point.shape):
        e = np.zeros(point.shape)
        e[index] = 1.0
        grad[index] = (f(point + h * e) - f(point - h * e)) / (2 * h)
    return grad
