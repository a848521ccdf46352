# source: tests/known_wrong_heldout/01_computational_graphs/forward_backward__c_reports_what_it_sends.py
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
