# source: tests/known_wrong_heldout/01_computational_graphs/local_gradients__bare_value_for_one_input.py
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op in ("add", "sub", "mul", "div"):
        u, w = inputs
        one = np.ones_like(u, dtype=float)
        if op == "add":
            return (one, np.ones_like(w, dtype=float))
        if op == "sub":
            return (one, -1.0 * np.ones_like(w, dtype=float))
        if op == "mul":
            return (w, u)
        return (1.0 / w, -u / (w * w))
    if op in ("exp", "log", "tanh", "sigmoid"):
        u = inputs[0]
        if op == "exp":
            return np.exp(u)
        if op == "log":
            return 1.0 / u
        if op == "tanh":
            t = np.tanh(u)
            return 1.0 - t * t
        s = 1.0 / (1.0 + np.exp(-u))
        return s - s * s
    raise ValueError(f"unknown operation: {op}")
