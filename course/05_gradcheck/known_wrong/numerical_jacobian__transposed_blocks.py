# visible: fails
# mistake: columns stacked as rows
# why: each perturbation gives a column of the Jacobian; stacking them as rows gives blocks of shape (x.numel(), y.numel()), the transpose.
# see: The Jacobian
# hint: for y = A @ x with A of shape (2, 3), which shape must the block have?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((0, y.numel())) for _ in inputs] for y in outs]
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
            flat[c] = value - eps
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                cols[i].append((plus[i] - minus[i]) / (2 * eps))
        x.data = original
        for i in range(len(outs)):
            jac[i][j] = np.stack(cols[i], axis=0)
    return jac
