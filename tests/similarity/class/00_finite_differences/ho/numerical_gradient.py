# source: tests/known_wrong_heldout/00_finite_differences/numerical_gradient__first_axis_only.py
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    work = np.array(x, dtype=np.float64, copy=True)
    result = np.empty(work.shape, dtype=np.float64)
    for i in range(work.shape[0]):
        saved = work[i].copy()
        work[i] = saved + h
        up = f(work)
        work[i] = saved - h
        down = f(work)
        work[i] = saved
        result[i] = (up - down) / (2 * h)
    return result
