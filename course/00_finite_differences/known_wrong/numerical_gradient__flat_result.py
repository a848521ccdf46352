# visible: passes
# Loops over a flattened copy and returns a flat gradient: right numbers, wrong shape.
def numerical_gradient(f, x, h=1e-5):
    flat = np.array(x, dtype=np.float64).ravel()
    grad = np.zeros_like(flat)
    for i in range(flat.size):
        step = np.zeros_like(flat)
        step[i] = h
        grad[i] = (f((flat + step).reshape(np.shape(x))) - f((flat - step).reshape(np.shape(x)))) / (2 * h)
    return grad
