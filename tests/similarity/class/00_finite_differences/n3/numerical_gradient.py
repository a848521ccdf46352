# copy of solution: rename, recomment, reorder
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    p = np.array(x, dtype=np.float64)
    g = np.zeros_like(p)
    for i in np.ndindex(p.shape):
        v = p[i]
        p[i] = v + h
        a = f(p)
        p[i] = v - h
        b = f(p)
        p[i] = v
        g[i] = (a - b) / (2 * h)
    return g
