# visible: fails
# mistake: no as_dual for constants
# why: a number, array or Tensor has no .primal or .tangent, so a constant argument raises AttributeError.
# see: Exercise 3 · Four forward rules (4 points)
# hint: what turns a constant into a Dual with a zero tangent?
def mul(a, b):
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
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
