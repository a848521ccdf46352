# visible: passes
# mistake: clips when the norm is at least max_norm
# why: at the norm max_norm itself the factor is 1, but with max_norm = 0 a zero gradient is divided by its zero norm: 0 * 0 / 0 gives nan where the gradient should stay zero.
# see: Exercise 4 · A clipping hook (2 points)
# hint: which gradients need no scaling at all, and does the test that picks them out cover max_norm = 0?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = np.sqrt((grad.data ** 2).sum())
        if norm >= max_norm:
            with np.errstate(invalid="ignore", divide="ignore"):
                return grad * (max_norm / norm)
        return None

    return tensor.register_hook(hook)
