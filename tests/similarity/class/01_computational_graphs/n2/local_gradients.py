# source: written for this set
def local_gradients(op, *inputs):
    a = np.asarray(inputs[0], dtype=float)
    if op == "exp":
        return (np.exp(a),)
    if op == "log":
        return (1 / a,)
    if op == "tanh":
        return (1 - np.tanh(a) ** 2,)
    if op == "sigmoid":
        return (np.exp(-a) / (1 + np.exp(-a)) ** 2,)
    if op not in ("add", "sub", "mul", "div"):
        raise ValueError(f"unsupported op {op}")
    b = np.asarray(inputs[1], dtype=float)
    one = np.ones(np.broadcast(a, b).shape)
    return {
        "add": (one, one),
        "sub": (one, -one),
        "mul": (b * one, a * one),
        "div": (one / b, -a / b**2),
    }[op]
