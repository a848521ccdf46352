# visible: fails
# mistake: reads the window with a boolean mask (base order) instead of with the index map (view order)
# why: a mask lists the window's elements in the base's order; for b.t().mul_(c) of a (2, 2) base with c = ((2, 3), (5, 7)) and G = ((1, 10), (100, 1000)) the old base gets ((2, 30), (500, 7000)) instead of ((2, 50), (300, 7000)). Slices, in base order, come out right.
# see: In place through a view: the graph is rewritten
# hint: index[i] is the base position of the view's element i: does flat[mask] list the window in the view's order or in the base's?
def copy_slices_backward(grad: Tensor, fn: FunctionCtx, index: np.ndarray) -> tuple[Tensor | None, ...]:
    """The gradient of the old base (grad outside the window, fn's first result inside), then
    fn's gradients of the other operands."""
    flat = grad.reshape(-1)
    inside = np.zeros(flat.shape, dtype=bool)
    inside[index.reshape(-1)] = True
    window = flat[inside].reshape(index.shape)          # the window's gradient
    results = fn.apply(window)
    base_grad = flat * Tensor((~inside).astype(flat.dtype))
    if results[0] is not None:
        positions = np.flatnonzero(inside).reshape(index.shape)
        base_grad = base_grad + IndexPut.apply(results[0], positions, flat.shape)
    return (base_grad.reshape(grad.shape), *results[1:])
