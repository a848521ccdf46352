# visible: fails
# mistake: saves the output in the input's place
# why: chapter 7's backward reads (input, weight, bias) from saved_tensors; with the output first, the weight's gradient is computed from the wrong tensor.
# see: The form torch.func needs
# hint: in which order does the given backward unpack ctx.saved_tensors?
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input, weight, bias=None):
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias
        return output

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(output, weight, bias)

    backward = staticmethod(LinearFunction.backward)
