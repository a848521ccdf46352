# heldout: a forward difference
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    f_at_x = f(x)
    f_ahead = f(x + h)
    return (f_ahead - f_at_x) * (1.0 / h)
