# source: written for this set
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    # operations with two inputs
    if op in ["add", "sub", "mul", "div"]:
        first, second = inputs
        ones_first = np.ones_like(first, dtype=float)
        ones_second = np.ones_like(second, dtype=float)
        if op == "add":
            return (ones_first, ones_second)
        elif op == "sub":
            return (ones_first, -1 * ones_second)
        elif op == "mul":
            return (second * ones_first, first * ones_second)
        else:
            return (ones_first / second, -first / (second * second))
    # operations with one input
    elif op in ["exp", "log", "tanh", "sigmoid"]:
        value = inputs[0]
        if op == "exp":
            derivative = np.exp(value)
        elif op == "log":
            derivative = 1.0 / np.asarray(value, dtype=float)
        elif op == "tanh":
            derivative = 1.0 - np.tanh(value) * np.tanh(value)
        else:
            sig = 1.0 / (1.0 + np.exp(-value))
            derivative = sig * (1.0 - sig)
        return (derivative,)
    else:
        raise ValueError("unknown op: " + str(op))
