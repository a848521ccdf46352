# visible: passes
# Calls grad without allow_unused=True: an input that the output does not use raises an error.
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
