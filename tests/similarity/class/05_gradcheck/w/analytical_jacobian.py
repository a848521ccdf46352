# copy of n1: rename, recomment, loops turned into comprehensions
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.engine import grad

    ys = _outputs(fn, inputs)
    pos = [k for k in range(len(inputs)) if _differentiable(inputs[k])]
    xs = [inputs[k] for k in pos]

    J = []
    for y in ys:
        J.append([np.zeros((y.numel(), inputs[k].numel())) if k in pos else np.zeros((y.numel(), 0))
                  for k in range(len(inputs))])

    for o in range(len(ys)):
        y = ys[o]
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            up = np.zeros(y.numel(), dtype=y.dtype)
            up[r] = 1.0
            up = Tensor(up.reshape(y.shape))
            gs = grad(y, xs, up, retain_graph=True, allow_unused=True)
            for m in range(len(pos)):
                if gs[m] is not None:
                    J[o][pos[m]][r, :] = gs[m].data.flatten()
    return J
