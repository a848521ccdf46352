# visible: passes
# Stacks the columns as rows: the transpose of J (invisible on a diagonal Jacobian).
def jacobian_forward(func, x):
    n = x.shape[0]
    columns = []
    for j in range(n):
        _, column = forward_ad.jvp(func, (x,), (np.eye(n)[j],))
        columns.append(column.data)
    return Tensor(np.stack(columns, axis=0))
