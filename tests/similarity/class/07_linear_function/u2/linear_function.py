# source: tests/unusual_correct/07_linear_function/linear_function__saves_two_tensors_and_a_flag.py
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight)
        ctx.has_bias = bias is not None
        output = input.mm(weight.t())
        if ctx.has_bias:
            output = output + bias.expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        grads = [grad_output.mm(weight) if needs[0] else None, grad_output.t().mm(input) if needs[1] else None, None]
        if ctx.has_bias and needs[2]:
            grads[2] = grad_output.sum(0)
        return tuple(grads)
