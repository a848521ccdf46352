# visible: fails
# mistake: the fake makes its empty tensor in the default dtype
# why: torch.empty(N, out) is float32 whatever the input's dtype; for float64 inputs the real output is float64, so opcheck's test_faketensor finds the dtypes different.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: the fake's output must match the real one in shape, dtype and device: where can it take the last two from?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    output = input.mm(weight.t())
    if bias is not None:
        output = output + bias
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    return torch.empty(input.shape[0], weight.shape[0])


def setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
