# source: course/01_computational_graphs/01_computational_graphs.md, cell forward_backward
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    # forward pass
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c
    # backward pass, from the root to the leaves
    grad_f = 1.0
    grad_b = grad_f / c
    grad_c = -grad_f * b / c**2
    grad_x = grad_c * c  # first path into x: through exp
    grad_a = grad_b
    grad_z = grad_b
    grad_x += grad_a * y  # second path into x: through mul (accumulate!)
    grad_y = grad_a * x
    values = {"a": a, "b": b, "c": c, "f": f}
    grads = {"f": grad_f, "c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x, "y": grad_y, "z": grad_z}
    return values, grads
