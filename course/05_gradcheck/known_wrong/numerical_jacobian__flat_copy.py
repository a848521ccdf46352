# visible: passes
# mistake: writes through x.data.reshape(-1) whatever the layout
# why: reshape(-1) is a view only of a contiguous array: for a transposed (column-major) input it is a copy, the input is never perturbed and its columns come out zero.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: when is reshape(-1) a view, and how can you make sure it is one?
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
