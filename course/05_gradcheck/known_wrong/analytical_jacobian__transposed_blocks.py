# visible: fails
# mistake: rows written as columns
# why: backward with the one-hot e_r gives row r of the Jacobian; writing it into column r gives the transpose, of shape (x.numel(), y.numel()).
# see: Row by row: the analytical Jacobian
# hint: for y = A @ x with A of shape (2, 3), which shape must the block have?
def analytical_jacobian(fn, inputs):
    from autograd_lib.engine import grad

    outs = _outputs(fn, inputs)
    diff = [x for x in inputs if _differentiable(x)]
    jac = [[np.zeros((x.numel() if _differentiable(x) else 0, y.numel())) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel())
            one_hot[r] = 1
            grads = iter(grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True, allow_unused=True))
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads)
                    if g is not None:
                        jac[i][j][:, r] = g.data.ravel()
    return jac
