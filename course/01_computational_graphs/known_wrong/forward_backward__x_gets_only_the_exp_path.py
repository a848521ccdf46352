# visible: fails
# mistake: x gets only the gradient through exp(x)
# why: x is used twice, by the product and by exp; its gradient keeps only the exp share (the product path was forgotten, or overwritten by a later assignment).
# see: The chain rule
# hint: list every operation that uses x: how many gradients must x collect, and what do you do with the second one?
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
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
