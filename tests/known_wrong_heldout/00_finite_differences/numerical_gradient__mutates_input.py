# heldout: changes x
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    arr = np.asarray(x, dtype=np.float64)  # no copy when x is already float64
    grad = np.zeros(arr.shape, dtype=np.float64)
    for idx in np.ndindex(arr.shape):
        arr[idx] += h
        fp = f(arr)
        arr[idx] -= 2 * h
        fm = f(arr)
        arr[idx] += h
        grad[idx] = (fp - fm) / (2 * h)
    return grad
