# source: course/00_finite_differences/00_finite_differences.md, cell forward_difference
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    return (f(x + h) - f(x)) / h
