# heldout: one sample passed as a vector
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def one(w, b, x_n, t_n):
        return ((FuncLinearFunction.apply(x_n, w, b) - t_n) ** 2).sum()

    batched = torch.func.vmap(torch.func.grad(one, argnums=(0, 1)), in_dims=(None, None, 0, 0))
    return batched(weight, bias, input, target)
