# source: tests/unusual_correct/02_function_and_ctx/mul__explicit_ifs.py
class Mul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.multiply(a.data, b.data)

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = unbroadcast(b * grad_output, a.shape)
        if ctx.needs_input_grad[1]:
            grad_b = unbroadcast(a * grad_output, b.shape)
        return grad_a, grad_b
