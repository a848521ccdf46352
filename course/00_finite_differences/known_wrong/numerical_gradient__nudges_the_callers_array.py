# visible: passes
# mistake: changes x during the computation and puts it back
# why: np.asarray(x, dtype=np.float64) makes no copy of a float64 x, so each nudge lands in the caller's array while f runs; an f that also reads that array (a weight shared with x) then sees the nudge twice, and its gradient is wrong although x looks untouched afterwards.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: the caller still needs x, also while f runs: does your copy really copy, whatever x's dtype is?
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    point = np.asarray(x, dtype=np.float64)  # a float64 copy: x itself is never touched
    grad = np.zeros_like(point)
    for index in np.ndindex(point.shape):
        original = point[index]
        point[index] = original + h
        f_plus = f(point)
        point[index] = original - h
        f_minus = f(point)
        point[index] = original
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
