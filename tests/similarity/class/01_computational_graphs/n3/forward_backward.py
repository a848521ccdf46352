# copy of solution: rename, recomment, reorder
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    p = x * y
    c = math.exp(x)
    s = p + z
    out = s / c
    # now go backwards
    d_out = 1.0
    d_s = d_out / c
    d_c = -d_out * s / c**2
    dx = d_c * c
    dp = d_s
    dz = d_s
    dx += dp * y  # x appears twice
    dy = dp * x
    vals = {"a": p, "b": s, "c": c, "f": out}
    gr = {"f": d_out, "c": d_c, "b": d_s, "a": dp, "x": dx, "y": dy, "z": dz}
    return vals, gr
