# heldout: keeps the integer dtype
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    moved = x.copy()
    grads = np.zeros(x.shape, dtype=np.float64)
    for where in np.ndindex(x.shape):
        start = moved[where]
        moved[where] = start + h
        plus = f(moved)
        moved[where] = start - h
        minus = f(moved)
        moved[where] = start
        grads[where] = (plus - minus) / (2 * h)
    return grads
