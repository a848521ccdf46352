# source: tests/unusual_correct/11_reading_old_code/leaky_relu_function__saves_the_output.py
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        output = input.clamp(min=0) + negative_slope * input.clamp(max=0)
        ctx.save_for_backward(output)
        ctx.negative_slope = negative_slope
        return output

    @staticmethod
    def backward(ctx, grad_output):
        (output,) = ctx.saved_tensors
        scale = torch.ones_like(output).masked_fill(output <= 0, ctx.negative_slope)
        return grad_output * scale, None
