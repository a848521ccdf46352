# visible: fails
# mistake: exp of a constant is not a Dual
# why: a constant argument gets np.exp of itself, a plain number or array, where a Dual with a zero tangent is due.
# see: Exercise 3 · Four forward rules (4 points)
# hint: what should every rule return, whatever its argument?
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    if not isinstance(x, Dual):
        return np.exp(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def sin(x):
    x = as_dual(x)
    return Dual(np.sin(x.primal), np.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
