# visible: fails
# mistake: np.dot instead of @
# why: np.dot agrees with @ for matrices and vectors, but for two stacks of matrices it pairs every matrix with every other.
# see: Exercise 3 · Four forward rules (4 points)
# hint: which numpy operation follows @ exactly, stacks of matrices included?
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(np.dot(a.primal, b.primal), np.dot(a.tangent, b.primal) + np.dot(a.primal, b.tangent))
