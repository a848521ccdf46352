# visible: fails
# mistake: df/dy without the factor x
# why: a = x * y, so the gradient sent to y is df/da times x; without x it is right only when x = 1, as at (1, 2, 3).
# see: Backpropagation by hand
# hint: the local derivative of x * y with respect to y is which value?
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    grad_f = 1.0
    grad_b = grad_f / c
    grad_c = -grad_f * b / c**2
    grad_x = grad_c * c
    grad_a = grad_b
    grad_z = grad_b
    grad_x += grad_a * y
    grad_y = grad_a
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
