# copy of solution: rename, recomment, the inner loop turned into comprehensions
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    ys = _outputs(fn, inputs)
    J = [[np.zeros((y.numel(), 0)) for _ in inputs] for y in ys]
    for j, t in enumerate(inputs):
        if not _differentiable(t):
            continue
        orig = t.data
        t.data = orig.copy()
        v = t.data.reshape(-1)  # view into t
        columns: list[list[np.ndarray]] = [[] for _ in ys]
        for c in range(v.size):
            old = v[c]
            v[c] = old + eps
            hi = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            v[c] = old - eps
            lo = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            v[c] = old
            [columns[i].append((hi[i] - lo[i]) / (2 * eps)) for i in range(len(ys))]
        t.data = orig
        J = [[np.stack(columns[i], axis=1) if k == j and columns[i] else J[i][k] for k in range(len(inputs))]
             for i in range(len(ys))]
    return J
