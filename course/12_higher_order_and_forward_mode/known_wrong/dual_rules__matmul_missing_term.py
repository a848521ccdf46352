# visible: fails
# mistake: matmul misses a term
# why: only dA @ B is kept, so the tangent of the second factor never counts.
# see: Forward mode: dual numbers
# hint: the product rule has one term per factor: how many factors does A @ B have?
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
    return Dual(a.primal @ b.primal, a.tangent @ b.primal)
