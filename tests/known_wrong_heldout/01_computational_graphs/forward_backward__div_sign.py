# heldout: loses the minus sign of the quotient rule
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    prod = x * y
    total = prod + z
    ex = math.e ** x
    out = total / ex

    g = {"f": 1.0}
    g["b"] = g["f"] * (1 / ex)
    g["c"] = g["f"] * (total / ex**2)
    g["a"] = g["b"]
    g["z"] = g["b"]
    g["y"] = g["a"] * x
    g["x"] = g["a"] * y + g["c"] * ex
    return {"a": prod, "b": total, "c": ex, "f": out}, g
