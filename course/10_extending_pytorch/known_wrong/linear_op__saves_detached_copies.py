# visible: passes
# mistake: setup_context saves detached copies of the inputs
# why: the first gradients are right, but chapter 7's backward then computes them from constants: under create_graph=True the gradient no longer depends on the input and the weight, so its derivatives with respect to them come out 0, and gradgradcheck fails.
# see: Once or twice differentiable
# hint: what does backward need from input, weight and bias to be differentiated again, their values or the tensors themselves?
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
    return input.new_empty((input.shape[0], weight.shape[0]))


def setup_context(ctx, inputs, output):
    """Save (input, weight, bias) for chapter 7's backward; bias may be None."""
    input, weight, bias = inputs
    ctx.save_for_backward(input.detach(), weight.detach(), None if bias is None else bias.detach())


linear_op.register_autograd(LinearFunction.backward, setup_context=setup_context)
