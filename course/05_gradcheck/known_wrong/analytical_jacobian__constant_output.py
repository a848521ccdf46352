# visible: fails
# mistake: runs backward from a constant output
# why: an output that does not require grad has no graph, so asking for its gradients raises an error instead of giving zero blocks.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: what should happen for an output whose requires_grad is False?
def analytical_jacobian(fn, inputs):
    from autograd_lib.engine import grad

    outs = _outputs(fn, inputs)
    diff = [x for x in inputs if _differentiable(x)]
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel())
            one_hot[r] = 1
            grads = iter(grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True, allow_unused=True))
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads)
                    if g is not None:
                        jac[i][j][r] = g.data.ravel()
    return jac
