# source: tests/known_wrong_heldout/00_finite_differences/forward_difference__backward_difference.py
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    here = f(x)
    behind = f(x - h)
    slope = (here - behind) / h
    return slope
