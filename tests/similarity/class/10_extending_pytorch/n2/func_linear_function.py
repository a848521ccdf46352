# source: written for this set
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input, weight, bias=None):
        y = input @ weight.mT
        return y if bias is None else y + bias

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, w, b = inputs
        ctx.save_for_backward(x, w, b)

    backward = staticmethod(LinearFunction.backward)
