# source: tests/unusual_correct/07_linear_function/linear_function__transpose_permute_other_order.py
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = weight.mm(input.transpose(0, 1)).transpose(0, 1)
        if bias is not None:
            output = output + bias.unsqueeze(0)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        need_input, need_weight = ctx.needs_input_grad[:2]
        grad_input = grad_weight = grad_bias = None
        if need_input:
            grad_input = weight.permute(1, 0).mm(grad_output.permute(1, 0)).permute(1, 0)
        if need_weight:
            grad_weight = input.permute(1, 0).matmul(grad_output).transpose(0, 1)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.transpose(0, 1).sum(dim=1)
        return grad_input, grad_weight, grad_bias
