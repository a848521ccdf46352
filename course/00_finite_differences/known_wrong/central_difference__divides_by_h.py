# visible: fails
# mistake: divides by h instead of 2h
# why: the two points x + h and x - h are 2h apart, so the slope comes out twice too large (6.02 instead of 3.01).
# see: The central difference
# hint: how far apart are the two points where you evaluate f?
def central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x - h)) / h
