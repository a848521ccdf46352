# visible: fails
# mistake: registers the backward without setup_context
# why: nothing is saved on ctx, so chapter 7's backward finds ctx.saved_tensors empty and cannot unpack input, weight and bias: every backward raises.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: which function puts input, weight and bias on ctx, and how does register_autograd learn of it?
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


linear_op.register_autograd(LinearFunction.backward)
