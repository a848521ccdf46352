# visible: fails
# mistake: forward still takes ctx
# why: in the setup_context form, forward receives only the arguments of apply; the input lands in ctx's place and every argument shifts by one.
# see: The form torch.func needs
# hint: which method receives ctx in this form, and what does forward receive?
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(ctx, input, weight, bias=None):
        output = input.mm(weight.t())
        if bias is not None:
            output = output + bias
        return output

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    backward = staticmethod(LinearFunction.backward)
