# visible: fails
# mistake: blocks in the output's dtype
# why: the differences are computed from y.data as it is, so a float32 function gives float32 blocks instead of float64 ones.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: which dtype must every block have, whatever the dtype of the outputs?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
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
            plus = [y.data.ravel() for y in _outputs(fn, inputs)]
            flat[c] = value - eps
            minus = [y.data.ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                cols[i].append((plus[i] - minus[i]) / (2 * eps))
        x.data = original
        for i in range(len(outs)):
            jac[i][j] = np.stack(cols[i], axis=1)
    return jac
