# visible: passes
# One-sided differences (f(x + eps) - f(x)) / eps: an error of order eps instead of eps**2.
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    base = [y.data.astype(np.float64).ravel() for y in outs]
    jac = [[np.zeros((y.numel(), 0)) for _ in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        original = x.data
        x.data = original.copy()
        flat = x.data.reshape(-1)
        cols = [[] for _ in outs]
        for c in range(flat.size):
            value = flat[c]
            flat[c] = value + eps
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                cols[i].append((plus[i] - base[i]) / eps)
        x.data = original
        for i, y in enumerate(outs):
            jac[i][j] = np.stack(cols[i], axis=1)
    return jac
