# visible: fails
# mistake: one pass with all ones
# why: a tangent of all ones gives J @ 1, the sum of the columns, repeated n times.
# see: Forward or reverse? It depends on the shape of the Jacobian
# hint: which tangent gives column j, and only column j?
def jacobian_forward(func, x):
    n = x.shape[0]
    _, column = forward_ad.jvp(func, (x,), (np.ones(n),))
    return Tensor(np.stack([column.data] * n, axis=-1))
