# visible: fails
# "The derivative of e**x is e**x": the tangent forgets the chain rule's factor dx.
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
