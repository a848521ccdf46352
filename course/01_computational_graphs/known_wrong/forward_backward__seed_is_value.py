# visible: fails
# mistake: seeds with the output's value
# why: the backward pass starts from f instead of df/df = 1, so every gradient is multiplied by f.
# see: Backpropagation by hand
# hint: what is the derivative of f with respect to itself?
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    grad_f = f
    grad_b = grad_f / c
    grad_c = -grad_f * b / c**2
    grad_x = grad_c * c
    grad_a = grad_b
    grad_z = grad_b
    grad_x += grad_a * y
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
