# visible: fails
# mistake: columns stacked as rows
# why: stacking on axis 0 gives the transpose of J: for f(x) = A x it gives A.T, of shape (3, 2) instead of (2, 3).
# see: Forward or reverse? It depends on the shape of the Jacobian
# hint: is one forward pass a column or a row of J?
def jacobian_forward(func, x):
    n = x.shape[0]
    columns = []
    for j in range(n):
        _, column = forward_ad.jvp(func, (x,), (np.eye(n)[j],))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=0))
