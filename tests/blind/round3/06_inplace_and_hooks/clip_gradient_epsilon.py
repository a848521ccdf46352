# Wrong: divides by (norm + 1e-6), as some libraries do, so a clipped gradient ends slightly below max_norm instead of exactly at it.
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data ** 2).sum()))
        if norm > max_norm:
            return grad * (max_norm / (norm + 1e-6))
        return None

    return tensor.register_hook(hook)
