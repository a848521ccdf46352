# heldout: x gets only the gradient through exp(x) (written as "overwrites instead of adding")
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    a = x * y
    b = a + z
    c = math.exp(x)
    f = b / c

    gf = 1.0
    gb = gf / c
    gc = -gf * b / (c * c)
    ga = gb
    gz = gb
    gy = ga * x
    gx = ga * y      # x through the multiplication
    gx = gc * c      # x through the exponential
    return ({"a": a, "b": b, "c": c, "f": f},
            {"f": gf, "c": gc, "b": gb, "a": ga, "x": gx, "y": gy, "z": gz})
