# source: course/06_inplace_and_hooks/06_inplace_and_hooks.md, cell clip_gradient
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def hook(grad: Tensor) -> Tensor | None:
        norm = float(np.sqrt((grad.data**2).sum()))
        if norm > max_norm:
            return grad * (max_norm / norm)
        return None

    return tensor.register_hook(hook)
