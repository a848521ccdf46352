# source: tests/known_wrong_heldout/05_gradcheck/numerical_jacobian__forward_difference.py
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    def flat_outputs():
        return [np.asarray(out.data, dtype=np.float64).reshape(-1) for out in _outputs(fn, inputs)]

    base = flat_outputs()
    sizes = [b.size for b in base]
    result = []
    for size in sizes:
        result.append([np.zeros((size, 0), dtype=np.float64) for _ in inputs])

    for k, inp in enumerate(inputs):
        if not _differentiable(inp):
            continue
        blocks = [np.zeros((size, inp.numel()), dtype=np.float64) for size in sizes]
        for col, index in enumerate(np.ndindex(*inp.shape)):
            saved = inp.data.copy()
            bumped = saved.copy()
            bumped[index] = bumped[index] + eps
            inp.data = bumped
            moved = flat_outputs()
            inp.data = saved
            for out_no in range(len(sizes)):
                blocks[out_no][:, col] = (moved[out_no] - base[out_no]) / eps
        for out_no in range(len(sizes)):
            result[out_no][k] = blocks[out_no]
    return result
