# source: tests/known_wrong_heldout/10_extending_pytorch/per_sample_grads__ignores_target.py
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def loss_of_one(w, b, x):
        y = FuncLinearFunction.apply(x.unsqueeze(0), w, b).squeeze(0)
        return (y ** 2).sum()

    per_sample = torch.func.vmap(torch.func.grad(loss_of_one, argnums=(0, 1)), in_dims=(None, None, 0))
    return per_sample(weight, bias, input)
