# source: written for this set
def per_sample_grads(weight, bias, input, target):
    def l(w, b, x, t):
        return (FuncLinearFunction.apply(x.view(1, -1), w, b).view(-1) - t).pow(2).sum()

    return torch.func.vmap(torch.func.grad(l, argnums=(0, 1)), in_dims=(None, None, 0, 0))(weight, bias, input, target)
