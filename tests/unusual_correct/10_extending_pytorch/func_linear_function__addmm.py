# unusual: forward with torch.addmm and matmul; setup_context saves the inputs tuple as it comes
# visible: passes
class FuncLinearFunction(Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(input, weight, bias=None):
        if bias is None:
            return input @ weight.T
        return torch.addmm(bias, input, weight.T)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    backward = staticmethod(LinearFunction.backward)
