# heldout: scales the gradient in place
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def shrink(grad):
        total = float(np.sqrt(np.sum(grad.data * grad.data)))
        if total > max_norm:
            grad.data *= max_norm / total
        return grad

    return tensor.register_hook(shrink)
