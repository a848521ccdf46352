# source: tests/known_wrong_heldout/12_higher_order_and_forward_mode/dual_rules__exp_missing_tangent_factor.py
def mul(a: DualLike, b: DualLike) -> Dual:
    """a * b: d(a * b) = da * b + a * db."""
    left, right = as_dual(a), as_dual(b)
    return Dual(left.primal * right.primal, left.primal * right.tangent + left.tangent * right.primal)


def exp(x: DualLike) -> Dual:
    """e ** x: d(e**x) = e**x * dx."""
    u = as_dual(x)
    ex = np.exp(u.primal)
    return Dual(ex, ex.copy())


def sin(x: DualLike) -> Dual:
    """sin(x): d sin(x) = cos(x) * dx."""
    u = as_dual(x)
    return Dual(np.sin(u.primal), u.tangent * np.cos(u.primal))


def matmul(a: DualLike, b: DualLike) -> Dual:
    """a @ b: d(A @ B) = dA @ B + A @ dB."""
    A, B = as_dual(a), as_dual(b)
    value = A.primal @ B.primal
    return Dual(value, A.primal @ B.tangent + A.tangent @ B.primal)
