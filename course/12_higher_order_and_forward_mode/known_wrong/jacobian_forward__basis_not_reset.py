# visible: fails
# mistake: the unit vector is never reset
# why: one shared array gets e[j] = 1 in each pass without clearing e[j-1], so pass j uses e_0 + ... + e_j.
# see: Exercise 5 · A Jacobian by forward mode (2 points)
# hint: what tangent does pass j need, exactly?
def jacobian_forward(func, x):
    n = x.shape[0]
    e = np.zeros(n)
    columns = []
    for j in range(n):
        e[j] = 1.0
        _, column = forward_ad.jvp(func, (x,), (e.copy(),))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=-1))
