# visible: fails
# mistake: clips only from above
# why: np.minimum(x, 1) leaves the values below 0 as they are.
# see: Clipping
# hint: which two bounds does the statement name?
def clip01(x):
    return np.minimum(np.array(x, dtype=np.float64), 1.0)
