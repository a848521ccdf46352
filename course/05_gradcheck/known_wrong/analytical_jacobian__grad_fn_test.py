# visible: passes
# mistake: takes an output without grad_fn for a constant
# why: an output that is an input itself is a leaf: it has no grad_fn, yet it requires grad, so its block is the identity, not zeros.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: which attribute of an output says whether it depends on the inputs that require grad?
def analytical_jacobian(fn, inputs):
    outputs = _outputs(fn, inputs)
    wrt = [j for j, x in enumerate(inputs) if _differentiable(x)]
    J = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outputs]
    for i, y in enumerate(outputs):
        if y.grad_fn is None:
            continue
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            grads = autograd_lib.autograd.grad(y, [inputs[j] for j in wrt], Tensor(one_hot.reshape(y.shape)),
                                               retain_graph=True, allow_unused=True)
            for j, g in zip(wrt, grads):
                if g is not None:
                    J[i][j][r] = np.asarray(g.data, dtype=np.float64).reshape(-1)
    return J
