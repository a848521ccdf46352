# heldout: the sum of absolute values as the norm
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def hook(g):
        size = float(np.abs(g.data).sum())
        if size <= max_norm:
            return None
        return g * (max_norm / size)

    return tensor.register_hook(hook)
