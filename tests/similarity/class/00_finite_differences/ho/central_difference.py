# source: tests/known_wrong_heldout/00_finite_differences/central_difference__divides_by_h.py
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    left, right = f(x - h), f(x + h)
    return (right - left) / h
