# visible: fails
# mistake: its own backward averages the bias's gradient over the batch
# why: the bias is added to every row, so its gradient is the sum of grad_output over rows; the mean divides it by N. With one row (the worked example) the two agree, with more they do not. opcheck does not check gradient values.
# see: Exercise 7 · LinearFunction as a custom op (2 points)
# hint: how many rows does the bias reach, and how do gradients that meet combine?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    output = input.mm(weight.t())
    if bias is not None:
        output = output + bias
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty((input.shape[0], weight.shape[0]))


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def backward(ctx, grad_output):
    input, weight, bias = ctx.saved_tensors
    grad_bias = None if bias is None else grad_output.mean(0)
    return grad_output.mm(weight), grad_output.t().mm(input), grad_bias


linear_op.register_autograd(backward, setup_context=setup_context)
