# visible: fails
# mistake: unsqueezes the bias in place, an input not declared in mutates_args
# why: bias.unsqueeze_(0) changes the caller's bias to shape (1, out); the first output is right, but the next call broadcasts against (1, 1, out), and opcheck's test_schema reports a mutated argument that mutates_args does not name.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: does the bias need a new dimension at all, and what does a trailing underscore do to the caller's tensor?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    output = input.mm(weight.t())
    if bias is not None:
        output = output + bias.unsqueeze_(0)
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty((input.shape[0], weight.shape[0]))


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
