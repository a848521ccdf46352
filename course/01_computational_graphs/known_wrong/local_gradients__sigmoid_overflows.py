# visible: fails
# mistake: the sigmoid's derivative as a ratio that overflows
# why: e^(-a) / (1 + e^(-a))^2 is the right formula, but at a = -800 both e^800 and its square overflow to inf, and inf / inf is nan.
# see: Exercise 1 · Local gradients (2 points)
# hint: the table writes the sigmoid's derivative with its output: what does that give at -800?
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
        e = np.exp(-a)
        return (e / (1 + e) ** 2,)
    raise ValueError(f"unknown operation {op!r}")
