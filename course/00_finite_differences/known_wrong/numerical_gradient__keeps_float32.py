# visible: fails
# mistake: keeps a float32 x's dtype
# why: the copy is float64 only when x holds integers; a float32 copy stores x + h with about 7 digits, so each difference keeps about 2.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: which dtype must the copy you nudge have, whatever x's dtype is?
def numerical_gradient(f, x, h=1e-5):
    point = x.astype(np.float64) if x.dtype.kind in "iu" else x.copy()
    grad = np.zeros(point.shape, dtype=np.float64)
    for index in np.ndindex(point.shape):
        original = point[index]
        point[index] = original + h
        f_plus = f(point)
        point[index] = original - h
        f_minus = f(point)
        point[index] = original
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
