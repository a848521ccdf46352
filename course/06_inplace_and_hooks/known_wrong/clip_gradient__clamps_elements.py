# visible: fails
# mistake: clips each element instead of the norm
# why: clamping every element to [-max_norm, max_norm] changes the direction: (3, 4) with max_norm = 1 becomes (1, 1), not (0.6, 0.8).
# see: Exercise 4 · A clipping hook (2 points)
# hint: which single number of the gradient is compared with max_norm?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        return grad.clamp(-max_norm, max_norm)

    return tensor.register_hook(hook)
