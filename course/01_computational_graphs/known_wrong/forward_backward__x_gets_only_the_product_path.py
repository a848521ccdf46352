# visible: fails
# mistake: overwrites instead of adding
# why: x is used twice; the gradient from mul replaces the one from exp instead of adding to it.
# see: Backpropagation by hand
# hint: step 3 of backpropagation: what happens when a value receives a second gradient?
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
    grad_x = grad_a * y
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
