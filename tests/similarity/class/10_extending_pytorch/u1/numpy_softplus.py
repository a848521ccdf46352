# source: tests/unusual_correct/10_extending_pytorch/numpy_softplus__decorated_backward.py
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.as_tensor(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        x = input.detach().numpy()
        return torch.as_tensor(grad_output.detach().numpy() / (1.0 + np.exp(-x)))
