# visible: fails
# The tangent of exp is taken as exp(tangent) instead of exp(primal) * tangent.
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    x = as_dual(x)
    return Dual(np.exp(x.primal), np.exp(x.tangent))


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
