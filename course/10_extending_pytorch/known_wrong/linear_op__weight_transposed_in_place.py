# visible: passes
# mistake: transposes the weight in place (t_) for the product, and back afterwards
# why: the weight ends as it began, but each t_() is an in-place change that mutates_args=() does not declare: the weight's version counter moves, so an operation that saved the weight for its backward (exp, for one) refuses to run it.
# see: An operator the compiler can see: `torch.library.custom_op`
# hint: does input @ weight.T need to change the weight at all, even for a moment?
@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """input @ weight.T + bias, (N, in), (out, in), (out,) or None -> (N, out): a new tensor."""
    weight.t_()
    output = input.mm(weight)
    weight.t_()
    if bias is not None:
        output = output + bias
    return output


@linear_op.register_fake
def _(input, weight, bias=None):
    """An empty tensor of the output's shape (N, out), with the input's dtype and device."""
    return input.new_empty((input.shape[0], weight.shape[0]))


def setup_context(ctx, inputs, output):
    """Save (input, weight, bias) for chapter 7's backward; bias may be None."""
    input, weight, bias = inputs
    ctx.save_for_backward(input, weight, bias)


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
