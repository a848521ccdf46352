# visible: passes
# mistake: clips x in place
# why: np.asarray makes no copy of a float64 x, so out= writes into the caller's array.
# see: Clipping
# hint: the caller still needs x: where should the clipped values go?
def clip01(x):
    x = np.asarray(x, dtype=np.float64)
    np.clip(x, 0.0, 1.0, out=x)
    return x
