# visible: fails
# mistake: mul works in place
# why: the tangent of the first argument is overwritten with the result, so the caller's Dual changes.
# see: Exercise 3 · Four forward rules (4 points)
# hint: does your rule write into a.tangent or a.primal? Build new arrays instead.
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    a.tangent *= b.primal
    a.tangent += a.primal * b.tangent
    return Dual(a.primal * b.primal, a.tangent)


def exp(x):
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
