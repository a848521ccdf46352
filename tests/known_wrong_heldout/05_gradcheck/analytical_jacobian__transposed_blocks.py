# heldout: rows written as columns
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.autograd import grad as vjp

    ys = _outputs(fn, inputs)
    positions = [j for j, x in enumerate(inputs) if _differentiable(x)]
    leaves = [inputs[j] for j in positions]
    J = []
    for y in ys:
        row_blocks = []
        for x in inputs:
            if _differentiable(x):
                # one column per backward pass: the gradient for output element r goes in column r
                row_blocks.append(np.zeros((x.numel(), y.numel()), dtype=np.float64))
            else:
                row_blocks.append(np.zeros((y.numel(), 0), dtype=np.float64))
        J.append(row_blocks)
    for i, y in enumerate(ys):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            seed = np.zeros(y.shape, dtype=y.dtype)
            seed.flat[r] = 1.0
            answers = vjp(y, leaves, Tensor(seed), retain_graph=True, allow_unused=True)
            for j, g in zip(positions, answers):
                if g is not None:
                    J[i][j][:, r] = np.asarray(g.data, dtype=np.float64).reshape(-1)
    return J
