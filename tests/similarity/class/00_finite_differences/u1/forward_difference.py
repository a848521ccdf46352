# source: tests/unusual_correct/00_finite_differences/forward_difference__times_reciprocal.py
def forward_difference(f, x, h=1e-6):
    rise = f(x + h) - f(x)
    return rise * (1.0 / h)
