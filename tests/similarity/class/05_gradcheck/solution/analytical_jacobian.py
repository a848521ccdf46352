# source: course/05_gradcheck/05_gradcheck.md, cell analytical_jacobian
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.engine import grad

    outs = _outputs(fn, inputs)
    diff = [x for x in inputs if _differentiable(x)]
    jac = [
        [np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs]
        for y in outs
    ]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue  # a constant output: its Jacobian is zero
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            grads = grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True,
                         allow_unused=True)
            grads_iter = iter(grads)
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads_iter)
                    if g is not None:
                        jac[i][j][r] = g.data.ravel()
    return jac
