# heldout: tanh's derivative written with the input
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op == "add":
        return tuple(np.ones_like(v, dtype=float) for v in inputs)
    if op == "sub":
        return (np.ones_like(inputs[0], dtype=float), -np.ones_like(inputs[1], dtype=float))
    if op == "mul":
        return (inputs[1], inputs[0])
    if op == "div":
        n, d = inputs
        return (1 / d, -n / d**2)
    if op == "exp":
        return (np.exp(inputs[0]),)
    if op == "log":
        return (1 / inputs[0],)
    if op == "tanh":
        t = inputs[0]
        return (1 - t**2,)
    if op == "sigmoid":
        s = 1 / (1 + np.exp(-inputs[0]))
        return (s * (1 - s),)
    raise ValueError(f"unknown operation {op!r}")
