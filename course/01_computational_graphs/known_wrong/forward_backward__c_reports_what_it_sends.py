# visible: fails
# mistake: reports what c sends on instead of df/dc
# why: grads["c"] must be df/dc = -b/c**2; it holds df/dc times c, the contribution that c passes to x.
# see: Backpropagation by hand
# hint: the adjoint of a value is what it receives, before any local derivative of the next step.
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    grad_f = 1.0
    grad_b = grad_f / c
    grad_c = -grad_f * b / c
    grad_x = grad_c
    grad_a = grad_b
    grad_z = grad_b
    grad_x += grad_a * y
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
