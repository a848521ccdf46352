# visible: fails
# mistake: clips tensor.grad instead of the gradient the hook receives
# why: the hook runs before anything is stored in .grad: tensor.grad is None for the first backward (and always for a non-leaf), so the hook fails.
# see: Hooks
# hint: which gradient does the engine hand to the hook?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((tensor.grad.data**2).sum()))
        if norm > max_norm:
            return tensor.grad * (max_norm / norm)
        return None

    return tensor.register_hook(hook)
