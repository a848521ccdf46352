# source: written for this set
def numerical_jacobian(fn, inputs, eps=1e-6):
    flat = lambda outs: [np.asarray(y.data, dtype=np.float64).ravel() for y in outs]
    sizes = [y.numel() for y in _outputs(fn, inputs)]
    J = [[np.zeros((m, 0)) for _ in inputs] for m in sizes]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        keep = x.data
        cols = []
        for k in range(keep.size):
            d = np.zeros(keep.size, dtype=keep.dtype)
            d[k] = eps
            d = d.reshape(keep.shape)
            x.data = keep + d
            up = flat(_outputs(fn, inputs))
            x.data = keep - d
            down = flat(_outputs(fn, inputs))
            cols.append([(u - v) / (2 * eps) for u, v in zip(up, down)])
        x.data = keep
        for i, m in enumerate(sizes):
            J[i][j] = np.array([c[i] for c in cols]).T.reshape(m, keep.size)
    return J
