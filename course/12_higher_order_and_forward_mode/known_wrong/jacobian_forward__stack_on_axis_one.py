# visible: fails
# mistake: columns stacked on axis 1
# why: axis 1 is the last axis only for an output of shape (m,); a 0-d or 2-d output gets the wrong shape.
# see: Exercise 5 · A Jacobian by forward mode (2 points)
# hint: for an output of shape S, along which axis do the n columns go?
def jacobian_forward(func, x):
    n = x.shape[0]
    columns = []
    for j in range(n):
        _, column = forward_ad.jvp(func, (x,), (np.eye(n)[j],))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=1))
