# heldout: the mask of ones and zeros is float64 whatever grad's dtype
def copy_slices_backward(grad: Tensor, fn: FunctionCtx, index: np.ndarray) -> tuple[Tensor | None, ...]:
    """The gradient of the old base (grad outside the window, fn's first result inside), then
    fn's gradients of the other operands."""
    flat = grad.reshape(-1)
    results = fn.apply(flat[index])
    keep = np.ones(flat.shape)
    keep[index.reshape(-1)] = 0
    base_grad = flat * Tensor(keep)
    if results[0] is not None:
        base_grad = base_grad + IndexPut.apply(results[0], index, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])
