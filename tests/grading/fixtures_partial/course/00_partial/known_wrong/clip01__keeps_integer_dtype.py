# visible: passes
# mistake: keeps an integer x's dtype
# why: np.clip returns an array of x's dtype, so [-1, 0, 2] gives integers.
# see: Clipping
# hint: what dtype does the statement promise, whatever x's dtype is?
def clip01(x):
    return np.clip(x, 0, 1)
