# visible: fails
# mistake: scales the gradient in place
# why: in z = a + b, AddBackward sends one gradient tensor to both inputs; scaling it in place in a's hook scales b's gradient too.
# see: A hook must not change its argument
# hint: who else may hold the tensor your hook receives?
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = float(np.sqrt((grad.data**2).sum()))
        if norm > max_norm:
            grad.data *= max_norm / norm
        return grad

    return tensor.register_hook(hook)
