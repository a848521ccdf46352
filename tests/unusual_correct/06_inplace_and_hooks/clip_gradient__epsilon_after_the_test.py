# unusual: PyTorch's clip_grad_norm_ divisor (the norm plus 1e-6) behind the statement's test norm > max_norm; the clipped norm is max_norm * |g| / (|g| + 1e-6), a relative 1e-6 / |g| below max_norm, as torch's own
# visible: passes
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data ** 2).sum()))
        if norm > max_norm:
            return grad * (max_norm / (norm + 1e-6))
        return None

    return tensor.register_hook(hook)
