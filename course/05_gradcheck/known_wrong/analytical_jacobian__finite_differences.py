# visible: fails
# mistake: finite differences instead of backward
# why: the rows are computed by nudging the inputs, so they never show what backward returns, and a wrong backward looks right.
# see: Row by row: the analytical Jacobian
# hint: gradcheck compares two Jacobians: which one must come from backward, and with which upstream gradient per row?
def analytical_jacobian(fn, inputs):
    eps = 1e-6
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        original = x.data
        for c in range(x.numel()):
            moved = original.copy()
            moved.reshape(-1)[c] += eps
            x.data = moved
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            moved = original.copy()
            moved.reshape(-1)[c] -= eps
            x.data = moved
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            for i in range(len(outs)):
                jac[i][j][:, c] = (plus[i] - minus[i]) / (2 * eps)
        x.data = original
    return jac
