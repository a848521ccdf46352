# visible: fails
# mistake: requires_grad switched on for the caller's weight and bias "so that grad can differentiate them"
# why: the gradients are right, but the arguments are changed: after the call weight.requires_grad and bias.requires_grad are True (they were False), which torch.func.grad never needed.
# see: Exercise 5 · LinearFunction for torch.func (3 points)
# hint: The statement says "Change none of the arguments": what is weight.requires_grad after your function returns?
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    weight.requires_grad_(True)
    bias.requires_grad_(True)

    def loss(w, b, x, t):
        y = FuncLinearFunction.apply(x.unsqueeze(0), w, b).squeeze(0)
        return ((y - t) ** 2).sum()

    grads = torch.func.vmap(torch.func.grad(loss, argnums=(0, 1)), in_dims=(None, None, 0, 0))
    return grads(weight, bias, input, target)
