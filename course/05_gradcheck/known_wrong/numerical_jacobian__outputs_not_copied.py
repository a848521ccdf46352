# visible: passes
# mistake: keeps the outputs' arrays without copying them
# why: when fn returns its input or a view of it, the output shares the input's memory: the next perturbation changes the kept values, and the column comes out zero instead of the identity.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: can anything change an output's values after you read them?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outputs = _outputs(fn, inputs)
    J = [[None] * len(inputs) for _ in outputs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            for i, y in enumerate(outputs):
                J[i][j] = np.zeros((y.numel(), 0))
            continue
        blocks = [np.zeros((y.numel(), x.numel())) for y in outputs]
        for c, idx in enumerate(np.ndindex(x.shape)):
            original = x.data[idx].copy()
            x.data[idx] = original + eps
            plus = [y.data.reshape(-1) for y in _outputs(fn, inputs)]
            x.data[idx] = original - eps
            minus = [y.data.reshape(-1) for y in _outputs(fn, inputs)]
            x.data[idx] = original
            for i in range(len(outputs)):
                blocks[i][:, c] = (plus[i].astype(np.float64) - minus[i].astype(np.float64)) / (2 * eps)
        for i in range(len(outputs)):
            J[i][j] = blocks[i]
    return J
