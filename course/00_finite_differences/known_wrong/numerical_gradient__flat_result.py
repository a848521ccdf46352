# visible: fails
# mistake: returns a flat gradient
# why: it loops over a flattened copy and never reshapes, so a (3, 4) input gets a gradient of shape (12,).
# see: Exercise 3 · The numerical gradient (2 points)
# hint: what shape must the gradient of a matrix have?
def numerical_gradient(f, x, h=1e-5):
    flat = np.array(x, dtype=np.float64).ravel()
    grad = np.zeros_like(flat)
    for i in range(flat.size):
        step = np.zeros_like(flat)
        step[i] = h
        grad[i] = (f((flat + step).reshape(np.shape(x))) - f((flat - step).reshape(np.shape(x)))) / (2 * h)
    return grad
