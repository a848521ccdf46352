# visible: fails
# mistake: restores by adding and subtracting
# why: x + eps - 2 eps + eps is not always x in floating point, so the inputs come back changed in their last bits.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: what could you keep before the perturbation, so that you can write it back exactly?
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), 0)) for _ in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        flat = x.data.reshape(-1)
        cols = [[] for _ in outs]
        for c in range(flat.size):
            flat[c] += eps
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] -= 2 * eps
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] += eps
            for i in range(len(outs)):
                cols[i].append((plus[i] - minus[i]) / (2 * eps))
        for i in range(len(outs)):
            jac[i][j] = np.stack(cols[i], axis=1)
    return jac
