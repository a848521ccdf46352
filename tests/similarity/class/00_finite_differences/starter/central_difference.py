# source: assignments/00_finite_differences/00_finite_differences.ipynb, cell central_difference
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    # YOUR CODE HERE
    raise NotImplementedError()
