# heldout: exp's local derivative taken as x
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    a = y * x
    b = z + a
    c = math.exp(x)
    f = b * (1.0 / c)

    bar = {"f": 1.0}
    bar["c"] = bar["f"] * (-b) / (c * c)
    bar["b"] = bar["f"] / c
    bar["a"] = bar["b"]
    bar["z"] = bar["b"]
    bar["y"] = x * bar["a"]
    bar["x"] = 0.0
    bar["x"] += y * bar["a"]   # through mul
    bar["x"] += x * bar["c"]   # through exp: d(exp x)/dx
    return {"a": a, "b": b, "c": c, "f": f}, bar
