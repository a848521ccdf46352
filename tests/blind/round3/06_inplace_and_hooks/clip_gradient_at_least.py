# Wrong: clips when norm >= max_norm, so with max_norm = 0 a zero gradient becomes 0 * 0 / 0 = nan.
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = np.sqrt((grad.data ** 2).sum())
        if norm >= max_norm:
            with np.errstate(invalid="ignore", divide="ignore"):
                return grad * (max_norm / norm)
        return None

    return tensor.register_hook(hook)
