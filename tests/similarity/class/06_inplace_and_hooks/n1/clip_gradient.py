# source: written for this set
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def scale_down(gradient):
        # the Euclidean norm of all the entries
        total = 0.0
        for value in gradient.data.flatten():
            total += value * value
        length = total ** 0.5
        if length <= max_norm:
            return gradient
        return gradient * (max_norm / length)

    handle = tensor.register_hook(scale_down)
    return handle
