# copy of n1: rename, functions reordered
def sin(x: DualLike) -> Dual:
    """sin(x): d sin(x) = cos(x) * dx."""
    d = as_dual(x)
    return Dual(np.sin(d.primal), d.tangent * np.cos(d.primal))


def exp(x: DualLike) -> Dual:
    """e ** x: d(e**x) = e**x * dx."""
    d = as_dual(x)
    e = np.exp(d.primal)
    return Dual(e, e * d.tangent)


def mul(a: DualLike, b: DualLike) -> Dual:
    """a * b: d(a * b) = da * b + a * db."""
    u = as_dual(a)
    w = as_dual(b)
    val = u.primal * w.primal
    der = u.tangent * w.primal + u.primal * w.tangent
    return Dual(val, der)


def matmul(a: DualLike, b: DualLike) -> Dual:
    """a @ b: d(A @ B) = dA @ B + A @ dB."""
    u = as_dual(a)
    w = as_dual(b)
    val = np.matmul(u.primal, w.primal)
    der = np.matmul(u.tangent, w.primal) + np.matmul(u.primal, w.tangent)
    return Dual(val, der)
