# visible: fails
# mistake: uses .backward and resets .grad to None
# why: each row is read from x.grad after y.backward, and x.grad is set to None in between and at the end, so a gradient the input held before is lost.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: is there a way to get the gradients without writing into .grad at all?
def analytical_jacobian(fn, inputs):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            for x in inputs:
                if _differentiable(x):
                    x.grad = None
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            y.backward(Tensor(one_hot.reshape(y.shape)), retain_graph=True)
            for j, x in enumerate(inputs):
                if _differentiable(x) and x.grad is not None:
                    jac[i][j][r] = x.grad.data.ravel()
    for x in inputs:
        if _differentiable(x):
            x.grad = None
    return jac
