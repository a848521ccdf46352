# visible: fails
# mistake: loops over the first axis only
# why: for a matrix, x[i] is a whole row, so each step nudges a full row at once and the row's partial derivatives are added together.
# see: Exercise 3 · The numerical gradient (2 points)
# hint: how many numbers does one step of your loop nudge when x is a matrix?
def numerical_gradient(f, x, h=1e-5):
    point = np.array(x, dtype=np.float64)
    grad = np.zeros_like(point)
    for i in range(len(point)):
        original = point[i].copy()
        point[i] = original + h
        f_plus = f(point)
        point[i] = original - h
        f_minus = f(point)
        point[i] = original
        grad[i] = (f_plus - f_minus) / (2 * h)
    return grad
