# visible: fails
# mistake: loops over len(x) instead of every element
# why: len of a 2-d array is its number of rows, so for x of shape (2, 3) only the first 2 elements are perturbed and the other columns stay zero.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: how many elements does a tensor of shape (2, 3) have, and which attribute counts them all?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        original = x.data
        x.data = original.copy()
        flat = x.data.reshape(-1)
        for c in range(len(x.data)):
            value = flat[c]
            flat[c] = value + eps
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value - eps
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                jac[i][j][:, c] = (plus[i] - minus[i]) / (2 * eps)
        x.data = original
    return jac
