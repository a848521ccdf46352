# visible: passes
# mistake: stacks the columns even when there are none
# why: an input with no elements gives no columns, and np.stack of nothing raises ValueError instead of giving a (y_i.numel(), 0) block.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: what should a block with zero columns look like, and can np.stack make it?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outputs = _outputs(fn, inputs)
    J = [[None] * len(inputs) for _ in outputs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            for i, y in enumerate(outputs):
                J[i][j] = np.zeros((y.numel(), 0))
            continue
        columns = [[] for _ in outputs]
        for idx in np.ndindex(x.shape):
            original = x.data[idx].copy()
            x.data[idx] = original + eps
            plus = [np.array(y.data, dtype=np.float64).reshape(-1) for y in _outputs(fn, inputs)]
            x.data[idx] = original - eps
            minus = [np.array(y.data, dtype=np.float64).reshape(-1) for y in _outputs(fn, inputs)]
            x.data[idx] = original
            for i in range(len(outputs)):
                columns[i].append((plus[i] - minus[i]) / (2 * eps))
        for i in range(len(outputs)):
            J[i][j] = np.stack(columns[i], axis=1)
    return J
