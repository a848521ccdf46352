# heldout: wrong default step
def forward_difference(f, x, h=1e-8):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    rise = f(x + h) - f(x)
    return rise / h
