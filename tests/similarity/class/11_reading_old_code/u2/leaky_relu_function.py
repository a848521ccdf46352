# source: tests/unusual_correct/11_reading_old_code/leaky_relu_function__torch_functional_forward.py
class LeakyReLUFunction(Function):
    @staticmethod
    def forward(ctx, input, negative_slope=0.01):
        ctx.save_for_backward(input, torch.tensor(negative_slope, dtype=input.dtype))
        return F.leaky_relu(input, negative_slope)

    @staticmethod
    def backward(ctx, grad_output):
        input, slope = ctx.saved_tensors
        positive = (input > 0).to(grad_output.dtype)
        return grad_output * (positive + (1 - positive) * slope), None
