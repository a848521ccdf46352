# heldout: wrong default step
def central_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    span = 2.0 * h
    return (f(x + h) - f(x - h)) / span
