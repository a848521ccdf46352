# source: tests/unusual_correct/00_finite_differences/numerical_gradient__nditer.py
def numerical_gradient(f, x, h=1e-5):
    point = np.array(x, dtype=np.float64, copy=True)
    grad = np.empty(point.shape, dtype=np.float64)
    it = np.nditer(point, flags=["multi_index"])
    while not it.finished:
        i = it.multi_index
        keep = point[i]
        point[i] = keep + h
        up = f(point)
        point[i] = keep - h
        down = f(point)
        point[i] = keep
        grad[i] = (up - down) / (2 * h)
        it.iternext()
    return grad
