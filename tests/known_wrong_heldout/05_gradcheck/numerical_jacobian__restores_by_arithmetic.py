# heldout: restores by adding and subtracting
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    sizes = [y.numel() for y in _outputs(fn, inputs)]
    jac = [[np.zeros((m, x.numel() if _differentiable(x) else 0)) for x in inputs] for m in sizes]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        for c, idx in enumerate(np.ndindex(x.shape)):
            x.data[idx] += eps
            f_plus = [y.data.astype(np.float64).flatten() for y in _outputs(fn, inputs)]
            x.data[idx] -= 2 * eps
            f_minus = [y.data.astype(np.float64).flatten() for y in _outputs(fn, inputs)]
            x.data[idx] += eps
            for i in range(len(sizes)):
                jac[i][j][:, c] = (f_plus[i] - f_minus[i]) / (2 * eps)
    return jac
