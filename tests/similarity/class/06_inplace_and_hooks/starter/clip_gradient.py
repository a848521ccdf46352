# source: assignments/06_inplace_and_hooks/06_inplace_and_hooks.ipynb, cell clip_gradient
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    # YOUR CODE HERE
    raise NotImplementedError()
