# heldout: does not return the handle
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def hook(grad):
        n = float((grad * grad).sum().sqrt().item())
        return grad * (max_norm / n) if n > max_norm else None

    tensor.register_hook(hook)
