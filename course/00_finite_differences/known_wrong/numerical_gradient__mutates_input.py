# visible: passes
# Perturbs x in place and steps back with arithmetic: x comes back changed by rounding,
# and an integer x cannot take the step at all.
def numerical_gradient(f, x, h=1e-5):
    grad = np.zeros(x.shape)
    for index in np.ndindex(x.shape):
        x[index] += h
        f_plus = f(x)
        x[index] -= 2 * h
        f_minus = f(x)
        x[index] += h
        grad[index] = (f_plus - f_minus) / (2 * h)
    return grad
