# heldout: columns stacked as rows
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    outputs = _outputs(fn, inputs)
    J = []
    for y in outputs:
        J.append([np.zeros((y.numel(), 0)) for _ in inputs])
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        original = x.data.copy()
        diffs = [[] for _ in outputs]
        for c in range(x.numel()):
            plus = original.copy().reshape(-1)
            plus[c] += eps
            x.data = plus.reshape(original.shape)
            ys_plus = _outputs(fn, inputs)
            minus = original.copy().reshape(-1)
            minus[c] -= eps
            x.data = minus.reshape(original.shape)
            ys_minus = _outputs(fn, inputs)
            for i in range(len(outputs)):
                d = (ys_plus[i].data.astype(np.float64) - ys_minus[i].data.astype(np.float64)) / (2 * eps)
                diffs[i].append(d.reshape(-1))
        x.data = original
        for i in range(len(outputs)):
            J[i][j] = np.vstack(diffs[i]) if diffs[i] else np.zeros((outputs[i].numel(), 0))
    return J
