# unusual: multiplies by 1/h instead of dividing by h
# visible: passes
def forward_difference(f, x, h=1e-6):
    rise = f(x + h) - f(x)
    return rise * (1.0 / h)
