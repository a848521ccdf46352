# source: written for this set
def analytical_jacobian(fn, inputs):
    import autograd_lib as al

    ys = _outputs(fn, inputs)
    idx = [j for j, x in enumerate(inputs) if _differentiable(x)]
    J = [[np.zeros((y.numel(), x.numel() if j in idx else 0)) for j, x in enumerate(inputs)] for y in ys]
    for i, y in enumerate(ys):
        for r in range(y.numel() if y.requires_grad else 0):
            e = np.zeros(y.shape, dtype=y.dtype)
            e.flat[r] = 1
            gs = al.autograd.grad(y, [inputs[j] for j in idx], Tensor(e), retain_graph=True, allow_unused=True)
            for j, g in zip(idx, gs):
                if g is not None:
                    J[i][j][r] = np.ravel(g.data)
    return J
