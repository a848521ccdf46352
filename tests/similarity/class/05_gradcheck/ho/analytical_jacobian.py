# source: tests/known_wrong_heldout/05_gradcheck/analytical_jacobian__clears_grad.py
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs] for y in outs]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue
        for r in range(y.numel()):
            for x in inputs:
                if _differentiable(x):
                    x.grad = None
            onehot = np.zeros(y.shape, dtype=y.dtype)
            onehot.reshape(-1)[r] = 1
            y.backward(Tensor(onehot), retain_graph=True)
            for j, x in enumerate(inputs):
                if _differentiable(x) and x.grad is not None:
                    jac[i][j][r] = x.grad.data.reshape(-1)
    for x in inputs:
        if _differentiable(x):
            x.grad = None
    return jac
