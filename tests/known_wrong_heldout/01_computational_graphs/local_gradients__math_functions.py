# heldout: math instead of numpy
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op == "exp":
        return (math.exp(inputs[0]),)
    if op == "log":
        return (1 / inputs[0],)
    if op == "tanh":
        th = math.tanh(inputs[0])
        return (1 - th * th,)
    if op == "sigmoid":
        sg = 1 / (1 + math.exp(-inputs[0]))
        return (sg * (1 - sg),)
    if op == "add":
        return (np.ones_like(inputs[0], dtype=float), np.ones_like(inputs[1], dtype=float))
    if op == "sub":
        return (np.ones_like(inputs[0], dtype=float), -np.ones_like(inputs[1], dtype=float))
    if op == "mul":
        return (inputs[1], inputs[0])
    if op == "div":
        num, den = inputs
        return (1 / den, -num / den**2)
    raise ValueError(f"unknown operation {op!r}")
