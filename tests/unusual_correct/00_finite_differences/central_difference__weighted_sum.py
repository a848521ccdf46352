# unusual: the central difference written as a weighted sum of f at the points x + s h
# visible: passes
def central_difference(f, x, h=1e-5):
    weights = {+1: 0.5, -1: -0.5}
    return sum(w * f(x + s * h) for s, w in weights.items()) / h
