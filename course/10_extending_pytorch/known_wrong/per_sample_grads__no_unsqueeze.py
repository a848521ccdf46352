# visible: fails
# mistake: one sample passed as a vector
# why: inside vmap a sample has shape (in,), and FuncLinearFunction's mm needs a matrix.
# see: Exercise 5 · LinearFunction for torch.func (3 points)
# hint: how do you make a vector a batch of one row, and undo it afterwards?
def per_sample_grads(weight, bias, input, target):
    def loss(w, b, x, t):
        return ((FuncLinearFunction.apply(x, w, b) - t) ** 2).sum()

    return torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0, 0))(weight, bias, input, target)
