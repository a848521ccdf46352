# source: written for this set
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def loss_for_one_sample(w, b, one_input, one_target):
        # a batch of one row, so that FuncLinearFunction gets a matrix
        prediction = FuncLinearFunction.apply(one_input.reshape(1, -1), w, b)
        error = prediction.reshape(-1) - one_target
        return (error * error).sum()

    gradient_function = torch.func.grad(loss_for_one_sample, argnums=(0, 1))
    batched = torch.func.vmap(gradient_function, in_dims=(None, None, 0, 0))
    grad_weight, grad_bias = batched(weight, bias, input, target)
    return grad_weight, grad_bias
