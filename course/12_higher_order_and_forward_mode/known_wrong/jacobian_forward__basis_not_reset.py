# visible: fails
# Sets e[j] = 1 in one shared array without clearing the previous entry: tangents e_0 + ... + e_j.
def jacobian_forward(func, x):
    n = x.shape[0]
    e = np.zeros(n)
    columns = []
    for j in range(n):
        e[j] = 1.0
        _, column = forward_ad.jvp(func, (x,), (e.copy(),))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=-1))
