# visible: fails
# mistake: the error does not name the operation
# why: it raises a ValueError, but its message does not say which name was unknown, so a caller cannot see the typo.
# see: Exercise 1 · Local gradients (2 points)
# hint: put the name that was passed into the message.
def local_gradients(op, *inputs):
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
    raise ValueError("unknown operation")
