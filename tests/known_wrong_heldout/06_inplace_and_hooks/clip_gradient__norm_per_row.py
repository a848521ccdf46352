# heldout: one norm per row instead of one for the whole gradient
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def per_row_clip(grad):
        values = grad.data
        if values.ndim == 0:
            norms = np.sqrt(values * values)
        else:
            norms = np.sqrt((values * values).sum(axis=-1, keepdims=True))
        factor = np.where(norms > max_norm, max_norm / np.where(norms > 0, norms, 1.0), 1.0)
        return grad * Tensor(factor)

    return tensor.register_hook(per_row_clip)
