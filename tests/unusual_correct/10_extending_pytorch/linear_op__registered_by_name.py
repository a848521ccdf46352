# unusual: fake and gradient registered by the operator's name; forward with torch.addmm; setup_context saves only what each gradient needs
# visible: passes
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    if bias is None:
        return input @ weight.T
    return torch.addmm(bias, input, weight.T)


def linear_fake(input, weight, bias=None):
    return torch.empty(input.shape[0], weight.shape[0], dtype=input.dtype, device=input.device)


torch.library.register_fake("autograd_course::linear", linear_fake)


def setup_context(ctx, inputs, output):
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


def linear_backward(ctx, grad_output):
    input, weight, bias = ctx.saved_tensors
    grad_input = grad_output @ weight if ctx.needs_input_grad[0] else None
    grad_weight = grad_output.T @ input if ctx.needs_input_grad[1] else None
    grad_bias = grad_output.sum(0) if bias is not None and ctx.needs_input_grad[2] else None
    return grad_input, grad_weight, grad_bias


torch.library.register_autograd("autograd_course::linear", linear_backward, setup_context=setup_context)
