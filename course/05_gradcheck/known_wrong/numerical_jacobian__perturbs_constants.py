# visible: fails
# mistake: perturbs every Tensor
# why: a Tensor that does not require grad is perturbed too, so its block has x.numel() columns instead of none.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: which inputs does gradcheck differentiate? There is a helper for that test.
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), 0)) for _ in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not isinstance(x, Tensor):
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
            jac[i][j] = np.stack(cols[i], axis=1)
    return jac
