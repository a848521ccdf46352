# visible: passes
# mistake: makes the one-hot float64 whatever y's dtype
# why: a float32 output is sent a float64 gradient, so its backward runs in float64 and the rows are not what the float32 backward computes.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: which dtype should the one-hot upstream gradient have?
def analytical_jacobian(fn, inputs):
    outputs = _outputs(fn, inputs)
    wrt = [j for j, x in enumerate(inputs) if _differentiable(x)]
    J = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outputs]
    for i, y in enumerate(outputs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel())
            one_hot[r] = 1
            grads = autograd_lib.autograd.grad(y, [inputs[j] for j in wrt], Tensor(one_hot.reshape(y.shape)),
                                               retain_graph=True, allow_unused=True)
            for j, g in zip(wrt, grads):
                if g is not None:
                    J[i][j][r] = np.asarray(g.data, dtype=np.float64).reshape(-1)
    return J
