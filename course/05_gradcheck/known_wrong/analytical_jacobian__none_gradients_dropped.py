# visible: fails
# mistake: drops the None gradients before matching them to inputs
# why: allow_unused=True gives None for an input that y does not use; filtered out, every later gradient moves one input to the left, so its rows land in the wrong input's block (or the block of an unused input is filled).
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: when one input gets no gradient, which input does the next gradient belong to?
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
            grads_iter = iter([g for g in grads if g is not None])
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads_iter, None)
                    if g is not None:
                        jac[i][j][r] = g.data.ravel()
    return jac
