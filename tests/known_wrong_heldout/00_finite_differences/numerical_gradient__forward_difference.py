# heldout: one-sided differences
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    pt = x.astype(np.float64)
    g = np.zeros(pt.shape)
    f0 = f(pt)
    it = np.nditer(pt, flags=["multi_index"])
    for _ in it:
        idx = it.multi_index
        keep = pt[idx]
        pt[idx] = keep + h
        g[idx] = (f(pt) - f0) / h
        pt[idx] = keep
    return g
