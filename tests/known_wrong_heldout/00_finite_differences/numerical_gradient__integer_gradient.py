# heldout: the gradient takes x's dtype
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    probe = x.astype(float)
    out = np.zeros(x.shape, dtype=x.dtype)
    for pos in np.ndindex(*x.shape):
        v = probe[pos]
        probe[pos] = v - h
        below = f(probe)
        probe[pos] = v + h
        above = f(probe)
        probe[pos] = v
        out[pos] = (above - below) / (2 * h)
    return out
