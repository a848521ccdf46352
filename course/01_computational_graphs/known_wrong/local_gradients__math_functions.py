# visible: fails
# mistake: math instead of numpy
# why: math.exp, math.log and math.tanh take one float; on a numpy array they raise a TypeError.
# see: Exercise 1 · Local gradients (2 points)
# hint: the inputs may be arrays: which library's functions work elementwise?
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
        return (math.exp(a),)
    if op == "log":
        (a,) = inputs
        return (1 / a,)
    if op == "tanh":
        (a,) = inputs
        return (1 - math.tanh(a) ** 2,)
    if op == "sigmoid":
        (a,) = inputs
        s = 1 / (1 + math.exp(-a))
        return (s * (1 - s),)
    raise ValueError(f"local_gradients: unknown operation {op!r}")
