@torch.library.custom_op("autograd_course::linear", mutates_args=())
def linear_op(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    result = input @ weight.T
    return result if bias is None else result + bias


@linear_op.register_fake
def _(input, weight, bias=None):
    return input.new_empty(input.size(0), weight.size(0))


torch.library.register_autograd("autograd_course::linear", LinearFunction.backward)
