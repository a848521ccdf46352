# visible: fails
# Keeps the tutorial's float32 inputs: gradcheck fails even on a correct Function.
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, requires_grad=True)
    weight = torch.randn(out_features, in_features, requires_grad=True)
    bias = torch.randn(out_features, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4, raise_exception=False)
