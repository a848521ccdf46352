# source: tests/unusual_correct/10_extending_pytorch/func_linear_function__addmm.py
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
