# source: tests/unusual_correct/12_higher_order_and_forward_mode/jacobian_forward__moveaxis_and_own_duals.py
def jacobian_forward(func, x):
    n = x.shape[0]
    columns = []
    for j in range(n):
        tangent = np.zeros(n)
        tangent[j] = 1.0
        with dual_level():
            out = func(make_dual(x, tangent))
            column = unpack_dual(out).tangent
        columns.append(column.data)
    return Tensor(np.moveaxis(np.stack(columns), 0, -1))
