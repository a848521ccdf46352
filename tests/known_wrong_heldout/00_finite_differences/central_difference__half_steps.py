# heldout: half steps to each side
def central_difference(f, x, h=1e-5):
    """Approximate f'(x) by (f(x + h) - f(x - h)) / (2 h)."""
    half = h / 2
    width = 2 * half
    return (f(x + half) - f(x - half)) / width
