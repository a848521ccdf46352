# heldout: loses the minus sign of sub
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op == "add" or op == "sub":
        first, second = inputs
        return (np.ones(np.shape(first)), np.ones(np.shape(second)))
    if op == "mul":
        first, second = inputs
        return (second, first)
    if op == "div":
        first, second = inputs
        return (1 / second, -(first / (second * second)))
    if op == "exp":
        return (np.exp(inputs[0]),)
    if op == "log":
        return (1 / inputs[0],)
    if op == "tanh":
        return (1 - np.tanh(inputs[0]) ** 2,)
    if op == "sigmoid":
        e = np.exp(-inputs[0])
        return (e / (1 + e) ** 2,)
    raise ValueError(f"unknown operation {op!r}")
