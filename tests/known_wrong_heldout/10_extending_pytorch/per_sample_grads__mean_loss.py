# heldout: the mean instead of the sum over outputs
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def sample_loss(w, b, x_n, t_n):
        row = x_n.reshape(1, -1)
        pred = FuncLinearFunction.apply(row, w, b)[0]
        diff = pred - t_n
        return (diff * diff).mean()

    grad_fn = torch.func.grad(sample_loss, argnums=(0, 1))
    gw, gb = torch.func.vmap(grad_fn, in_dims=(None, None, 0, 0))(weight, bias, input, target)
    return gw, gb
