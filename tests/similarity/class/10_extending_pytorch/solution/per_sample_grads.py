# source: course/10_extending_pytorch/10_extending_pytorch.md, cell per_sample_grads
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def loss(w, b, x, t):
        y = FuncLinearFunction.apply(x.unsqueeze(0), w, b).squeeze(0)
        return ((y - t) ** 2).sum()

    return torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0, 0))(weight, bias, input, target)
