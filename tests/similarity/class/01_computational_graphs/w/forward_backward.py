# copy of n1: rename, recomment, reorder
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    e = math.exp(x)
    m = x * y
    num = m + z
    res = num / e

    dres = 1.0
    de = dres * (-num / (e * e))
    dnum = dres * (1.0 / e)
    dz = dnum * 1.0
    dm = dnum * 1.0
    dy = dm * x
    # two paths into x
    dx = dm * y + de * e

    values = {"a": m, "b": num, "c": e, "f": res}
    grads = {"a": dm, "b": dnum, "c": de, "f": dres,
             "x": dx, "y": dy, "z": dz}
    return values, grads
