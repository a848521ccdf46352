# visible: fails
# One JVP with the tangent of all ones, repeated: every column is J @ 1, the row sums.
def jacobian_forward(func, x):
    n = x.shape[0]
    _, column = forward_ad.jvp(func, (x,), (np.ones(n),))
    return Tensor(np.stack([column.data] * n, axis=-1))
