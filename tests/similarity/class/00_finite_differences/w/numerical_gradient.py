# copy of n1: rename, recomment, the two evaluations swapped
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    pt = np.array(x, dtype=float)  # copy, never change the input

    g = np.zeros(pt.shape)
    for k in range(pt.size):
        idx = np.unravel_index(k, pt.shape)
        keep = pt[idx]
        pt[idx] = keep - h
        lo = f(pt)
        pt[idx] = keep + h
        hi = f(pt)
        pt[idx] = keep
        g[idx] = (hi - lo) / (2 * h)

    return g
