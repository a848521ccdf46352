# visible: fails
# mistake: one gradient for the whole batch
# why: grad of the summed loss adds the samples' gradients together, giving one (out, in) gradient instead of one per sample.
# see: The form torch.func needs
# hint: which transform maps grad over the samples, one at a time in effect?
def per_sample_grads(weight, bias, input, target):
    def loss(w, b):
        return ((FuncLinearFunction.apply(input, w, b) - target) ** 2).sum()

    return torch.func.grad(loss, argnums=(0, 1))(weight, bias)
