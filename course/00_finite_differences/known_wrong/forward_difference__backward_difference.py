# visible: fails
# Steps to the left instead of the right: a backward difference.
def forward_difference(f, x, h=1e-6):
    return (f(x) - f(x - h)) / h
