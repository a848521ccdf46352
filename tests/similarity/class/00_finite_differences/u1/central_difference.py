# source: tests/unusual_correct/00_finite_differences/central_difference__weighted_sum.py
def central_difference(f, x, h=1e-5):
    weights = {+1: 0.5, -1: -0.5}
    return sum(w * f(x + s * h) for s, w in weights.items()) / h
