# source: tests/unusual_correct/00_finite_differences/numerical_gradient__flat_view.py
def numerical_gradient(f, x, h=1e-5):
    point = np.asarray(x, dtype=np.float64).copy()
    flat = point.reshape(-1)  # a view: writing flat[k] writes point
    grad = np.zeros(flat.size)
    for k in range(flat.size):
        keep = flat[k]
        flat[k] = keep + h
        up = f(point)
        flat[k] = keep - h
        down = f(point)
        flat[k] = keep
        grad[k] = (up - down) / (2 * h)
    return grad.reshape(point.shape)
