# visible: passes
# mistake: plain numbers for a constant local gradient
# why: add and sub return 1.0 and -1.0 instead of arrays shaped like their inputs, so a caller that multiplies an upstream array by them still works, but the gradient of an array input is a number, not an array of its shape.
# see: Exercise 1 · Local gradients (2 points)
# hint: what shape does the text ask each local gradient to have?
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op == "add":
        a, b = inputs
        return 1.0, 1.0
    if op == "sub":
        a, b = inputs
        return 1.0, -1.0
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
    raise ValueError(f"local_gradients: unknown operation {op!r}")
