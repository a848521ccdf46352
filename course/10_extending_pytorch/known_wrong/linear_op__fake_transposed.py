# visible: fails
# mistake: the fake returns the output transposed
# why: the fake gives (out, N) where the real output is (N, out); opcheck's test_faketensor compares the two, and a compiled model would plan its next operations for the wrong shape.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: the output is input @ weight.T: which size comes from input, which from weight?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    output = input.mm(weight.t())
    if bias is not None:
        output = output + bias
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty((weight.shape[0], input.shape[0]))


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
