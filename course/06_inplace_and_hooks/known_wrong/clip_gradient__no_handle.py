# visible: fails
# mistake: does not return the handle
# why: register_hook returns the handle, and without it the hook can never be removed: clip_gradient(...) gives None.
# see: Hooks
# hint: what does register_hook give back, and who needs it?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data**2).sum()))
        if norm > max_norm:
            return grad * (max_norm / norm)
        return None

    tensor.register_hook(hook)
