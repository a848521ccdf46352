# visible: fails
# mistake: matrix factors swapped
# why: the rule is written as dA @ B + dB @ A, as if @ commuted; matrix products keep their order.
# see: Forward mode: dual numbers
# hint: in A @ dB, which factor stands on the left?
def mul(a, b):
    a, b = as_dual(a), as_dual(b)
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
    return Dual(a.primal @ b.primal, a.tangent @ b.primal + b.tangent @ a.primal)
