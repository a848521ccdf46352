# heldout: reports what c sends on instead of df/dc
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    values = {}
    values["a"] = x * y
    values["b"] = values["a"] + z
    values["c"] = np.exp(x).item()
    values["f"] = values["b"] / values["c"]
    a, b, c = values["a"], values["b"], values["c"]

    df = 1.0
    db = df * (1.0 / c)
    dc = df * (-b / (c * c))
    da = db * 1.0
    dz = db * 1.0
    dy = da * x
    dx = da * y + dc * c
    # what arrives at c from f, passed on through exp
    grads = {"f": df, "c": dc * c, "b": db, "a": da, "x": dx, "y": dy, "z": dz}
    return values, grads
