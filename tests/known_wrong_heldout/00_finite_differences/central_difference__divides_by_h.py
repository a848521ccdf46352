# heldout: divides by h instead of 2h
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    left, right = f(x - h), f(x + h)
    return (right - left) / h
