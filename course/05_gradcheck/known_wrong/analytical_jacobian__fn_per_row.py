# visible: passes
# mistake: calls fn again for every row
# why: each row builds a fresh graph with a new call of fn: 1 + y.numel() calls instead of one, and a fn that is not the same at every call (random, or counting) gives rows of different functions.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: what keeps the graph of one call alive for the next row?
def analytical_jacobian(fn, inputs):
    outputs = _outputs(fn, inputs)
    wrt = [j for j, x in enumerate(inputs) if _differentiable(x)]
    J = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outputs]
    for i, y in enumerate(outputs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            y = _outputs(fn, inputs)[i]
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            grads = autograd_lib.autograd.grad(y, [inputs[j] for j in wrt], Tensor(one_hot.reshape(y.shape)),
                                               allow_unused=True)
            for j, g in zip(wrt, grads):
                if g is not None:
                    J[i][j][r] = np.asarray(g.data, dtype=np.float64).reshape(-1)
    return J
