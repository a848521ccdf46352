# visible: fails
# Wrong step scaling: half steps to each side, a valid central difference but with step h/2.
def central_difference(f, x, h=1e-5):
    return (f(x + h / 2) - f(x - h / 2)) / h
