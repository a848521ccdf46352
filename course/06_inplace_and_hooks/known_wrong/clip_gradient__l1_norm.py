# visible: fails
# mistake: the sum of absolute values as the norm
# why: |3| + |4| = 7, not 5, so (3, 4) is scaled to (3/7, 4/7) instead of (0.6, 0.8).
# see: Exercise 4 · A clipping hook (2 points)
# hint: what is the length of the vector (3, 4)?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.abs(grad.data).sum())
        if norm > max_norm:
            return grad * (max_norm / norm)
        return None

    return tensor.register_hook(hook)
