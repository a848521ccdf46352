# visible: passes
# mistake: the fake makes its empty tensor on the default device, not on the input's
# why: torch.empty(..., dtype=input.dtype) lands on the CPU whatever the input's device; for inputs on the meta device (or a GPU) the fake says the output lives elsewhere than the real one, and a compiled model plans for the wrong device.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: which method makes an empty tensor that takes its dtype and device from an existing tensor?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """input @ weight.T + bias, (N, in), (out, in), (out,) or None -> (N, out): a new tensor."""
    output = input @ weight.T
    if bias is not None:
        output = output + bias
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    """An empty tensor of the output's shape (N, out), with the input's dtype and device."""
    return torch.empty(input.shape[0], weight.shape[0], dtype=input.dtype)


def setup_context(ctx, inputs, output):
    """Save (input, weight, bias) for chapter 7's backward; bias may be None."""
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
