# visible: fails
# mistake: reads .grad after each backward
# why: backward adds into x.grad, so without clearing it each row holds the sum of all rows so far; and .grad is left changed.
# see: Row by row: the analytical Jacobian
# hint: which function returns the gradients without touching .grad?
def analytical_jacobian(fn, inputs):
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel())
            one_hot[r] = 1
            y.backward(Tensor(one_hot.reshape(y.shape)), retain_graph=True)
            for j, x in enumerate(inputs):
                if _differentiable(x) and x.grad is not None:
                    jac[i][j][r] = x.grad.data.ravel()
    return jac
