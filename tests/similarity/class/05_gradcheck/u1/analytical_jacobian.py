# source: tests/unusual_correct/05_gradcheck/analytical_jacobian__ndindex_rows_stacked.py
def analytical_jacobian(fn, inputs):
    import autograd_lib

    outs = _outputs(fn, inputs)
    wanted = tuple(k for k, x in enumerate(inputs) if _differentiable(x))
    result = []
    for y in outs:
        rows = {k: [] for k in wanted}
        for index in np.ndindex(*y.shape):
            if y.requires_grad:
                one_hot = np.zeros(y.shape, dtype=y.dtype)
                one_hot[index] = 1
                grads = autograd_lib.autograd.grad(
                    y, tuple(inputs[k] for k in wanted), Tensor(one_hot), retain_graph=True, allow_unused=True
                )
            else:
                grads = (None,) * len(wanted)
            for k, g in zip(wanted, grads):
                rows[k].append(np.zeros(inputs[k].numel()) if g is None else np.asarray(g.data, dtype=np.float64).ravel())
        blocks = []
        for k, x in enumerate(inputs):
            if k in rows:
                blocks.append(np.stack(rows[k]) if rows[k] else np.zeros((0, x.numel())))
            else:
                blocks.append(np.zeros((y.numel(), 0)))
        result.append(blocks)
    return result
