# visible: fails
# mistake: the target is left out
# why: the loss uses y_n alone; with zero targets nothing shows, with any other target every gradient is wrong.
# see: Exercise 5 · LinearFunction for torch.func (3 points)
# hint: which argument of the loss did vmap hand you but the loss never read?
def per_sample_grads(weight, bias, input, target):
    def loss(w, b, x):
        y = FuncLinearFunction.apply(x.unsqueeze(0), w, b).squeeze(0)
        return (y ** 2).sum()

    return torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0))(weight, bias, input)
