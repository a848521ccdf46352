# source: written for this set
def mul(a: DualLike, b: DualLike) -> Dual:
    """a * b: d(a * b) = da * b + a * db."""
    first = as_dual(a)
    second = as_dual(b)
    value = first.primal * second.primal
    derivative = first.tangent * second.primal + first.primal * second.tangent
    return Dual(value, derivative)


def exp(x: DualLike) -> Dual:
    """e ** x: d(e**x) = e**x * dx."""
    number = as_dual(x)
    exponential = np.exp(number.primal)
    return Dual(exponential, exponential * number.tangent)


def sin(x: DualLike) -> Dual:
    """sin(x): d sin(x) = cos(x) * dx."""
    number = as_dual(x)
    return Dual(np.sin(number.primal), number.tangent * np.cos(number.primal))


def matmul(a: DualLike, b: DualLike) -> Dual:
    """a @ b: d(A @ B) = dA @ B + A @ dB."""
    first = as_dual(a)
    second = as_dual(b)
    value = np.matmul(first.primal, second.primal)
    derivative = np.matmul(first.tangent, second.primal) + np.matmul(first.primal, second.tangent)
    return Dual(value, derivative)
