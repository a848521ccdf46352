# copy of n1: verbatim
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    return (f(x + h) - f(x)) / h
