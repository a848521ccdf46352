# source: tests/known_wrong_heldout/06_inplace_and_hooks/clip_gradient__always_rescales.py
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    def _rescale(g):
        length = np.linalg.norm(g.data.ravel())
        if length == 0:
            return None
        return g * (max_norm / length)

    handle = tensor.register_hook(_rescale)
    return handle
