# heldout: x gets only the gradient through x*y (written as "forgets one path into x")
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    forward = {"a": x * y}
    forward["b"] = forward["a"] + z
    forward["c"] = math.exp(x)
    forward["f"] = forward["b"] / forward["c"]

    seed = 1.0
    grad_b = seed / forward["c"]
    grad_c = -seed * forward["b"] / forward["c"] ** 2
    grad_a = grad_b
    grad_z = grad_b
    grad_y = grad_a * x
    grad_x = grad_a * y
    backward = {"f": seed, "c": grad_c, "b": grad_b, "a": grad_a,
                "x": grad_x, "y": grad_y, "z": grad_z}
    return forward, backward
