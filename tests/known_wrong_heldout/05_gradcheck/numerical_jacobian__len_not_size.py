# heldout: loops over len(x) instead of every element
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    n_out = len(_outputs(fn, inputs))
    J = [[None] * len(inputs) for _ in range(n_out)]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            for i, y in enumerate(_outputs(fn, inputs)):
                J[i][j] = np.zeros((y.numel(), 0))
            continue
        keep = x.data
        work = keep.copy()
        x.data = work
        flat = work.reshape(-1)
        per_output = [[] for _ in range(n_out)]
        for c in range(len(x)):
            old = flat[c]
            flat[c] = old + eps
            up = [np.array(y.data, dtype=np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = old - eps
            down = [np.array(y.data, dtype=np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = old
            for i in range(n_out):
                per_output[i].append((up[i] - down[i]) / (2.0 * eps))
        x.data = keep
        for i, y in enumerate(_outputs(fn, inputs)):
            if per_output[i]:
                J[i][j] = np.column_stack(per_output[i])
            else:
                J[i][j] = np.zeros((y.numel(), 0))
    return J
