# visible: fails
# mistake: divides by the norm before comparing
# why: max_norm / norm with a Python float raises ZeroDivisionError when the gradient is zero, and a zero gradient does happen (a dead ReLU, an unused input).
# see: Exercise 4 · A clipping hook (2 points)
# hint: which gradients need no scaling at all, and can you skip the division for them?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data**2).sum()))
        return grad * min(1.0, max_norm / norm)

    return tensor.register_hook(hook)
