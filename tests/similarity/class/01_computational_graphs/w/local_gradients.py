# copy of n1: rename, recomment, branches reordered
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op in ["exp", "log", "tanh", "sigmoid"]:
        v = inputs[0]
        if op == "exp":
            d = np.exp(v)
        elif op == "log":
            d = 1.0 / np.asarray(v, dtype=float)
        elif op == "tanh":
            d = 1.0 - np.tanh(v) * np.tanh(v)
        else:
            s = 1.0 / (1.0 + np.exp(-v))
            d = s * (1.0 - s)
        return (d,)
    # binary ops
    elif op in ["add", "sub", "mul", "div"]:
        u, w = inputs
        ou = np.ones_like(u, dtype=float)
        ow = np.ones_like(w, dtype=float)
        if op == "add":
            return (ou, ow)
        elif op == "sub":
            return (ou, -1 * ow)
        elif op == "mul":
            return (w * ou, u * ow)
        else:
            return (ou / w, -u / (w * w))
    else:
        raise ValueError("unknown op: " + str(op))
