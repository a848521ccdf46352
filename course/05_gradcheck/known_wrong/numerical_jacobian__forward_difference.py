# visible: fails
# mistake: one-sided difference
# why: (f(x + eps) - f(x)) / eps is off by about eps times the second derivative, so x * x gives 2 x + eps, not 2 x.
# see: Column by column: the numerical Jacobian
# hint: step to both sides of x: which error term cancels then?
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
