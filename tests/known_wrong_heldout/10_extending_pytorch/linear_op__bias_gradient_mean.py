@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    result = input @ weight.T
    return result if bias is None else result + bias


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty(input.size(0), weight.size(0))


def setup_context(ctx, inputs, output):
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


def linear_backward(ctx, grad_output):
    input, weight, bias = ctx.saved_tensors
    grad_input = grad_output @ weight
    grad_weight = grad_output.T @ input
    grad_bias = grad_output.mean(dim=0) if bias is not None else None
    return grad_input, grad_weight, grad_bias


linear_op.register_autograd(linear_backward, setup_context=setup_context)
