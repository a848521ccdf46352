# visible: fails
# mistake: exp's local derivative taken as x
# why: through c = exp(x) the gradient must be multiplied by exp(x), which is c itself, not by x.
# see: Local derivatives
# hint: what is the derivative of e**x, and which value of the forward pass already holds it?
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    grad_f = 1.0
    grad_b = grad_f / c
    grad_c = -grad_f * b / c**2
    grad_x = grad_c * x
    grad_a = grad_b
    grad_z = grad_b
    grad_x += grad_a * y
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
