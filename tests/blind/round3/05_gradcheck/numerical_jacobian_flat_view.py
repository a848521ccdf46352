# Wrong: elements are written through x.data.reshape(-1), which is a copy (not a view) for a non-contiguous input, so such an input is never perturbed.
def numerical_jacobian(fn, inputs, eps=1e-6):
    outputs = _outputs(fn, inputs)
    J = [[None] * len(inputs) for _ in outputs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            for i, y in enumerate(outputs):
                J[i][j] = np.zeros((y.numel(), 0))
            continue
        flat = x.data.reshape(-1)
        blocks = [np.zeros((y.numel(), x.numel())) for y in outputs]
        for c in range(flat.size):
            original = flat[c].copy()
            flat[c] = original + eps
            plus = [np.array(y.data, dtype=np.float64).reshape(-1) for y in _outputs(fn, inputs)]
            flat[c] = original - eps
            minus = [np.array(y.data, dtype=np.float64).reshape(-1) for y in _outputs(fn, inputs)]
            flat[c] = original
            for i in range(len(outputs)):
                blocks[i][:, c] = (plus[i] - minus[i]) / (2 * eps)
        for i in range(len(outputs)):
            J[i][j] = blocks[i]
    return J
