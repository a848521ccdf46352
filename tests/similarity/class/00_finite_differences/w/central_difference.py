# copy of n1: spacing
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    return (f(x+h) - f(x-h)) / (2*h)
