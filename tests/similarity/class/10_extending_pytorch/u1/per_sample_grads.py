# source: tests/unusual_correct/10_extending_pytorch/per_sample_grads__loop.py
def per_sample_grads(weight, bias, input, target):
    def loss(w, b, x, t):
        return ((FuncLinearFunction.apply(x[None], w, b)[0] - t) ** 2).sum()

    grads = [torch.func.grad(loss, argnums=(0, 1))(weight, bias, x, t) for x, t in zip(input, target)]
    return torch.stack([g[0] for g in grads]), torch.stack([g[1] for g in grads])
