# source: written for this set
def forward_difference(f, x, h=1e-6):
    fx = f(x)
    return (f(x + h) - fx) / h
