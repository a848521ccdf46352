# visible: fails
# mistake: math instead of numpy
# why: math.sin takes one number, so a Dual holding an array raises TypeError.
# see: Exercise 3 · Four forward rules (4 points)
# hint: which library applies sin to every element of an array?
import math


def mul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal * b.primal, a.tangent * b.primal + a.primal * b.tangent)


def exp(x):
    x = as_dual(x)
    value = np.exp(x.primal)
    return Dual(value, value * x.tangent)


def sin(x):
    x = as_dual(x)
    return Dual(math.sin(x.primal), math.cos(x.primal) * x.tangent)


def matmul(a, b):
    a, b = as_dual(a), as_dual(b)
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + a.primal @ b.tangent)
