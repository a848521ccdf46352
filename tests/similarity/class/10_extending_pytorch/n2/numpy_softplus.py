# copy of u1: rename, the division turned into a product with the sigmoid
class NumpySoftplus(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return torch.as_tensor(np.logaddexp(0.0, input.detach().numpy()))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (inp,) = ctx.saved_tensors
        a = inp.detach().numpy()
        return torch.as_tensor(grad_output.detach().numpy() * (1.0 / (1.0 + np.exp(-a))))
