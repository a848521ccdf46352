# heldout: df/dy without the factor x
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    a = x * y
    b = a + z
    c = np.exp(x)
    f = b / c

    grads = {}
    grads["f"] = 1.0
    grads["c"] = -grads["f"] * b / c**2
    grads["b"] = grads["f"] / c
    grads["a"] = grads["b"]
    grads["z"] = grads["b"]
    grads["y"] = grads["a"]
    grads["x"] = grads["c"] * c + grads["a"] * y
    return {"a": a, "b": b, "c": c, "f": f}, {k: float(v) for k, v in grads.items()}
