# visible: fails
# mistake: saves detached copies
# why: first derivatives are right, but a detached weight has no history, so the input's gradient cannot be differentiated with respect to the weight.
# see: What a second derivative needs
# hint: which saved tensors stay linked to the graph when backward is differentiated again?
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
        ctx.save_for_backward(input.detach(), weight.detach(), None if bias is None else bias.detach())

    backward = staticmethod(LinearFunction.backward)
