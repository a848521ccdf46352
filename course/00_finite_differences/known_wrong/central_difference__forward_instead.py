# visible: fails
# A forward difference where a central one was asked.
def central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x)) / h
