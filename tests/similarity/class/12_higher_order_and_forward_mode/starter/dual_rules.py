# source: assignments/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.ipynb, cell dual_rules
def mul(a: DualLike, b: DualLike) -> Dual:
    """a * b: d(a * b) = da * b + a * db."""
    # YOUR CODE HERE
    raise NotImplementedError()


def exp(x: DualLike) -> Dual:
    """e ** x: d(e**x) = e**x * dx."""
    # YOUR CODE HERE
    raise NotImplementedError()


def sin(x: DualLike) -> Dual:
    """sin(x): d sin(x) = cos(x) * dx."""
    # YOUR CODE HERE
    raise NotImplementedError()


def matmul(a: DualLike, b: DualLike) -> Dual:
    """a @ b: d(A @ B) = dA @ B + A @ dB."""
    # YOUR CODE HERE
    raise NotImplementedError()
