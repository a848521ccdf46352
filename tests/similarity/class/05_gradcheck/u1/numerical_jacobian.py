# source: tests/unusual_correct/05_gradcheck/numerical_jacobian__fresh_tensors_ndindex.py
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        for c, index in enumerate(np.ndindex(*x.shape)):
            shifted = []
            for sign in (1.0, -1.0):
                moved = x.data.copy()
                moved[index] = moved[index] + sign * eps
                args = list(inputs)
                args[j] = Tensor(moved)
                shifted.append([np.asarray(y.data, dtype=np.float64).reshape(-1) for y in _outputs(fn, args)])
            for i in range(len(outs)):
                jac[i][j][:, c] = (shifted[0][i] - shifted[1][i]) / (2 * eps)
    return jac
