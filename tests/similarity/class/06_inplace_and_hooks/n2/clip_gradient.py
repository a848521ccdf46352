# source: written for this set
def clip_gradient(tensor, max_norm):
    def hook(g):
        n = np.sqrt(np.sum(np.square(g.data)))
        return g * min(1.0, max_norm / n) if n > 0 else g
    return tensor.register_hook(hook)
