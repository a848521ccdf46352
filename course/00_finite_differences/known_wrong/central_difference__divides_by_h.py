# visible: fails
# Wrong step scaling: the two points are 2h apart, but the difference is divided by h.
def central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x - h)) / h
