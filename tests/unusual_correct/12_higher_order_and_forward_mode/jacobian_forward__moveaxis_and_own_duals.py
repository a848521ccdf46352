# unusual: makes its own Duals inside dual_level instead of calling forward_ad.jvp, and moves the stacked axis last
# visible: passes
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
