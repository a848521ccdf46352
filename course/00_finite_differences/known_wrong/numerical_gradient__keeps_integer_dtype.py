# visible: passes
# Copies x but keeps its dtype: on an integer array the step h is truncated to 0.
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
