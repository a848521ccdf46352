# visible: fails
# mistake: half steps to each side
# why: it evaluates f at x + h/2 and x - h/2, a valid difference but with step h/2, so the numbers differ.
# see: The central difference
# hint: the formula steps a whole h to each side.
def central_difference(f, x, h=1e-5):
    return (f(x + h / 2) - f(x - h / 2)) / h
