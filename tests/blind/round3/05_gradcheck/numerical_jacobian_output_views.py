# Wrong: the outputs' data is kept without a copy, so when an output shares memory with the input (fn returning x or a view of it) the later perturbations change it and the column comes out 0.
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
