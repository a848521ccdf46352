# heldout: one gradient for the whole batch
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def batch_loss(w, b):
        residual = FuncLinearFunction.apply(input, w, b) - target
        return (residual ** 2).sum()

    grad_weight, grad_bias = torch.func.grad(batch_loss, argnums=(0, 1))(weight, bias)
    return grad_weight, grad_bias
