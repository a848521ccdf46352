# heldout: np.dot instead of @
def mul(a: DualLike, b: DualLike) -> Dual:
    """a * b: d(a * b) = da * b + a * db."""
    left, right = as_dual(a), as_dual(b)
    return Dual(left.primal * right.primal, left.primal * right.tangent + left.tangent * right.primal)


def exp(x: DualLike) -> Dual:
    """e ** x: d(e**x) = e**x * dx."""
    u = as_dual(x)
    ex = np.exp(u.primal)
    return Dual(ex, u.tangent * ex)


def sin(x: DualLike) -> Dual:
    """sin(x): d sin(x) = cos(x) * dx."""
    u = as_dual(x)
    return Dual(np.sin(u.primal), u.tangent * np.cos(u.primal))


def matmul(a: DualLike, b: DualLike) -> Dual:
    """a @ b: d(A @ B) = dA @ B + A @ dB."""
    A, B = as_dual(a), as_dual(b)
    return Dual(np.dot(A.primal, B.primal), np.dot(A.tangent, B.primal) + np.dot(A.primal, B.tangent))
