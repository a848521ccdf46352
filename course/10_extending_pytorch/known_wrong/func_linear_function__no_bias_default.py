# visible: fails
# mistake: the bias has no default
# why: forward(input, weight, bias) needs three arguments, so apply(x, W) without a bias raises TypeError.
# see: Exercise 5 · LinearFunction for torch.func (3 points)
# hint: how does a Python function make an argument optional?
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input, weight, bias):
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias
        return output

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    backward = staticmethod(LinearFunction.backward)
