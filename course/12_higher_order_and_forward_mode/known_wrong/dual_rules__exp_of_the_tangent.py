# visible: fails
# mistake: exp of the tangent
# why: the tangent is taken as exp(tangent), but it should be exp(primal) times the tangent.
# see: Forward mode: dual numbers
# hint: which part of the argument goes into the derivative e**a, the primal or the tangent?
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
