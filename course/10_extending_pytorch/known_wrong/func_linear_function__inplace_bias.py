# visible: fails
# mistake: the bias is added in place
# why: under vmap over the biases alone, output is one unbatched tensor and += tries to write a whole batch into it.
# see: How vmap runs a Function
# hint: vmap runs forward once on batched tensors: which operations can it not batch?
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input, weight, bias=None):
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    backward = staticmethod(LinearFunction.backward)
