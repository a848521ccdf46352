# visible: fails
# mistake: rescales every gradient to norm max_norm
# why: a small gradient is scaled up as well: (3, 4) with max_norm = 10 becomes (6, 8) instead of staying (3, 4).
# see: Exercise 4 · A clipping hook (2 points)
# hint: when should the hook leave the gradient alone?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data**2).sum()))
        return grad * (max_norm / norm)

    return tensor.register_hook(hook)
