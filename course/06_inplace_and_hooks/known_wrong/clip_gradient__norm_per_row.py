# visible: fails
# mistake: one norm per row instead of one for the whole gradient
# why: for a vector the two agree, but a (2, 3) gradient gets each row scaled on its own, so its direction changes and its norm is not max_norm.
# see: Exercise 4 · A clipping hook (2 points)
# hint: over which elements is the norm of the gradient summed?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norms = np.sqrt((grad.data**2).sum(axis=-1, keepdims=True))
        scale = np.minimum(1.0, max_norm / np.maximum(norms, 1e-300))
        return grad * Tensor(scale)

    return tensor.register_hook(hook)
