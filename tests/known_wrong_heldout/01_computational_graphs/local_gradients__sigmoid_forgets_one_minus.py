# heldout: sigmoid's derivative taken as sigmoid itself
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op not in {"add", "sub", "mul", "div", "exp", "log", "tanh", "sigmoid"}:
        raise ValueError(f"local_gradients does not know {op!r}")
    if len(inputs) == 1:
        (v,) = inputs
        if op == "exp":
            d = np.exp(v)
        elif op == "log":
            d = np.reciprocal(np.asarray(v, dtype=float))
        elif op == "tanh":
            d = 1 - np.tanh(v) ** 2
        else:
            d = 1 / (1 + np.exp(-v))
        return (d,)
    left, right = inputs
    if op == "add":
        return (np.ones_like(left, dtype=float), np.ones_like(right, dtype=float))
    if op == "sub":
        return (np.ones_like(left, dtype=float), np.negative(np.ones_like(right, dtype=float)))
    if op == "mul":
        return (right, left)
    return (1 / right, -left / right**2)
