# visible: fails
# mistake: the derivative of cos for sin
# why: the tangent uses -sin(a), the derivative of cos, instead of cos(a).
# see: Forward mode: dual numbers
# hint: what is the derivative of sin?
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), -np.sin(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
