# visible: fails
# mistake: the mean instead of the sum over outputs
# why: each sample's loss is divided by the number of outputs, so every gradient is that many times too small.
# see: Exercise 5 · LinearFunction for torch.func (3 points)
# hint: read the loss again: a sum or a mean over o?
def per_sample_grads(weight, bias, input, target):
    def loss(w, b, x, t):
        y = FuncLinearFunction.apply(x.unsqueeze(0), w, b).squeeze(0)
        return ((y - t) ** 2).mean()

    return torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0, 0))(weight, bias, input, target)
