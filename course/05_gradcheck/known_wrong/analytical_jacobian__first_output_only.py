# visible: fails
# mistake: only the first output
# why: only the first output gets rows, so a function with two outputs gets one row of blocks instead of two.
# see: Exercise 2 · The analytical Jacobian (2 points)
# hint: how many entries must J have when fn returns a tuple of Tensors?
def analytical_jacobian(fn, inputs):
    from autograd_lib.engine import grad

    y = _outputs(fn, inputs)[0]
    diff = [x for x in inputs if _differentiable(x)]
    row = [np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs]
    if y.requires_grad:
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            grads = iter(grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True, allow_unused=True))
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads)
                    if g is not None:
                        row[j][r] = g.data.ravel()
    return [row]
