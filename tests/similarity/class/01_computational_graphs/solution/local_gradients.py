# source: course/01_computational_graphs/01_computational_graphs.md, cell local_gradients
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op == "add":
        a, b = inputs
        return np.ones_like(a, dtype=float), np.ones_like(b, dtype=float)
    if op == "sub":
        a, b = inputs
        return np.ones_like(a, dtype=float), -np.ones_like(b, dtype=float)
    if op == "mul":
        a, b = inputs
        return b, a
    if op == "div":
        a, b = inputs
        return 1 / b, -a / b**2
    if op == "exp":
        (a,) = inputs
        return (np.exp(a),)
    if op == "log":
        (a,) = inputs
        return (1 / a,)
    if op == "tanh":
        (a,) = inputs
        return (1 - np.tanh(a) ** 2,)
    if op == "sigmoid":
        (a,) = inputs
        s = 1 / (1 + np.exp(-a))
        return (s * (1 - s),)
    raise ValueError(f"local_gradients: unknown operation {op!r}")
