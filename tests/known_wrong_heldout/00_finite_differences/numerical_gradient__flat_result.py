# heldout: returns a flat gradient
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    base = np.asarray(x, dtype=np.float64)
    flat = base.flatten()
    shape = base.shape
    partials = []
    for k in range(flat.size):
        bumped = flat.copy()
        bumped[k] += h
        dipped = flat.copy()
        dipped[k] -= h
        partials.append((f(bumped.reshape(shape)) - f(dipped.reshape(shape))) / (2 * h))
    return np.array(partials, dtype=np.float64)
