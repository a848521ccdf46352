@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    result = input @ weight.T
    if bias is None:
        return result
    bias.unsqueeze_(0)
    return result + bias.expand_as(result)


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty(input.size(0), weight.size(0))


def setup_context(ctx, inputs, output):
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
