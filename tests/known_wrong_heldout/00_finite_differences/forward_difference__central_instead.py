# heldout: a central difference
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    upper = f(x + h)
    lower = f(x - h)
    return 0.5 * (upper - lower) / h
