# visible: fails
# mistake: forgets allow_unused
# why: when the output does not depend on an input, grad raises an error unless allow_unused=True, and then gives None for it.
# see: Row by row: the analytical Jacobian
# hint: which option of grad turns an unused input into None, and what is its row then?
def analytical_jacobian(fn, inputs):
    from autograd_lib.engine import grad

    outs = _outputs(fn, inputs)
    diff = [x for x in inputs if _differentiable(x)]
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel())
            one_hot[r] = 1
            grads = iter(grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True))
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    jac[i][j][r] = next(grads).data.ravel()
    return jac
