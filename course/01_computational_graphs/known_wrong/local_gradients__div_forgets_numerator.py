# visible: fails
# mistake: d(a/b)/db without the numerator
# why: it returns -1/b**2 instead of -a/b**2, which is right only when a = 1, as in the example.
# see: Local derivatives
# hint: differentiate a * b**(-1) with respect to b: what stays as a factor?
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
        return 1 / b, -1 / b**2
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
