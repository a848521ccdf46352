# visible: fails
# mistake: computes the clipping factor at the first backward and reuses it at every later one
# why: every later gradient is scaled by the first one's factor: after a first gradient (3, 4) (factor 0.2 for max_norm 1), a gradient (30, 40) becomes (6, 8), of norm 10, and (0.3, 0.4), under max_norm, is shrunk to (0.06, 0.08).
# see: Exercise 4 · A clipping hook (2 points)
# hint: each backward brings a new gradient g: is its norm the same as the last one's?
def clip_gradient(tensor: Tensor, max_norm: float):
    """Register a hook that scales ``tensor``'s gradient down to norm ``max_norm`` when it is
    larger; return the handle (``handle.remove()`` takes the hook away)."""
    state = {}

    def hook(grad):
        if "scale" not in state:  # the factor only needs computing once
            norm = float(np.sqrt((grad.data ** 2).sum()))
            state["scale"] = max_norm / norm if norm > max_norm else None
        if state["scale"] is None:
            return None
        return grad * state["scale"]

    return tensor.register_hook(hook)
