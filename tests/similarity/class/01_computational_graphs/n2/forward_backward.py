# copy of ho: rename, recomment, dictionary built at the end instead of step by step
def forward_backward(x, y, z):
    a = x * y
    b = a + z
    c = np.exp(x).item()
    f = b / c
    values = {"a": a, "b": b, "c": c, "f": f}

    g_f = 1.0
    g_b = g_f * (1.0 / c)
    g_c = g_f * (-b / (c * c))
    g_a = g_b * 1.0
    g_z = g_b * 1.0
    g_y = g_a * x
    g_x = g_a * y + g_c * c
    return values, {"f": g_f, "c": g_c * c, "b": g_b, "a": g_a, "x": g_x, "y": g_y, "z": g_z}
