# source: written for this set
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.primal * b.tangent + b.primal * a.tangent)


def exp(x):
    x = as_dual(x)
    e = np.exp(x.primal)
    return Dual(e, x.tangent * e)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), x.tangent * np.cos(x.primal))


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.primal @ b.tangent + a.tangent @ b.primal)
