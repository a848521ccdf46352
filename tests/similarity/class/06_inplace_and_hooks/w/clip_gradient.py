# copy of n1: rename, recomment, the loop turned into a generator
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def shrink(g):
        norm = sum(v * v for v in g.data.flatten()) ** 0.5
        if norm <= max_norm:
            return g
        return g * (max_norm / norm)

    h = tensor.register_hook(shrink)
    return h
