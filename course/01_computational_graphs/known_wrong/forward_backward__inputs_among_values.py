# visible: fails
# mistake: puts the inputs among the forward values
# why: values also holds x, y and z, but the exercise asks for exactly the keys a, b, c and f: the steps, not the inputs.
# see: Exercise 2 · Manual backprop (2 points)
# hint: which keys does the exercise list for values?
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    grad_f = 1.0
    grad_b = grad_f / c
    grad_c = -grad_f * b / c**2
    grad_a = grad_b
    grad_z = grad_b
    grad_x = grad_c * c + grad_a * y
    grad_y = grad_a * x
    values = {"x": x, "y": y, "z": z, "a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
