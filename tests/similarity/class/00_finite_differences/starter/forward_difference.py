# source: assignments/00_finite_differences/00_finite_differences.ipynb, cell forward_difference
def forward_difference(f, x, h=1e-6):
    """Approximate f'(x) by (f(x + h) - f(x)) / h."""
    # YOUR CODE HERE
    raise NotImplementedError()
