# visible: fails
# mistake: exp forgets the tangent
# why: the tangent is e**x alone, so the chain rule's factor dx is lost: exp(Dual(0, 2)) gives tangent 1, not 2.
# see: Forward mode: dual numbers
# hint: in the table, what multiplies f'(a) in the tangent of f(a)?
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
