# visible: fails
# mistake: a fixed step instead of eps
# why: the step is always 1e-6, whatever eps the caller passes, so numerical_jacobian(f, x, eps=1e-3) uses the wrong step.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: which step must the central difference use when the caller passes eps?
def numerical_jacobian(fn, inputs, eps=1e-6):
    step = 1e-6
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
            flat[c] = value + step
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value - step
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                cols[i].append((plus[i] - minus[i]) / (2 * step))
        x.data = original
        for i in range(len(outs)):
            jac[i][j] = np.stack(cols[i], axis=1)
    return jac
