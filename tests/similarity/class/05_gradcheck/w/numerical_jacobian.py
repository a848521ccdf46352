# copy of n1: rename, recomment, the block set-up turned into comprehensions
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    outs = _outputs(fn, inputs)
    n_out = len(outs)
    J = [[np.zeros((outs[o].numel(), 0)) for _ in range(len(inputs))] for o in range(n_out)]

    for j in range(len(inputs)):
        inp = inputs[j]
        if not _differentiable(inp):
            continue
        orig = inp.data
        arr = orig.copy()
        inp.data = arr
        bl = [np.zeros((outs[o].numel(), arr.size)) for o in range(n_out)]
        col = 0
        for e in np.ndindex(arr.shape):
            v = arr[e]
            arr[e] = v + eps
            plus = _outputs(fn, inputs)
            arr[e] = v - eps
            minus = _outputs(fn, inputs)
            arr[e] = v
            for o in range(n_out):
                p = np.asarray(plus[o].data, dtype=np.float64).flatten()
                m = np.asarray(minus[o].data, dtype=np.float64).flatten()
                bl[o][:, col] = (p - m) / (2 * eps)
            col = col + 1
        inp.data = orig  # restore
        for o in range(n_out):
            J[o][j] = bl[o]
    return J
