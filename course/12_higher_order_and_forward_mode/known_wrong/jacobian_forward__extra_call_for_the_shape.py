# visible: fails
# mistake: an extra call of func
# why: func(x) is called once more to learn the output's shape, so func runs n + 1 times, once on a plain Tensor.
# see: Exercise 5 · A Jacobian by forward mode (2 points)
# hint: does a JVP not already give you a column of the output's shape?
def jacobian_forward(func, x):
    n = x.shape[0]
    shape = func(x).shape
    J = np.zeros(tuple(shape) + (n,))
    for j in range(n):
        _, column = forward_ad.jvp(func, (x,), (np.eye(n)[j],))
        J[..., j] = column.data
    return Tensor(J)
