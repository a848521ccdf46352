@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    result = input @ weight.T
    return result if bias is None else result + bias


@linear_op.register_fake
def _(input, weight, bias=None):
    return torch.zeros(input.size(0), weight.size(0), device=input.device)


def setup_context(ctx, inputs, output):
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
