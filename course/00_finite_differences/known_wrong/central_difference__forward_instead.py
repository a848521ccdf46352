# visible: fails
# mistake: a forward difference
# why: it steps only to the right, so the h**2 terms do not cancel and the error is of order h.
# see: The central difference
# hint: which two points does the central difference use?
def central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x)) / h
