# heldout: steps to the left
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    here = f(x)
    behind = f(x - h)
    slope = (here - behind) / h
    return slope
