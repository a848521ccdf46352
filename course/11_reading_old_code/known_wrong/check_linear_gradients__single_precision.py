# visible: fails
# mistake: float32 inputs
# why: in float32 a central difference with eps 1e-6 is off by percents, so even a correct Function fails.
# see: A common slip: gradcheck in single precision
# hint: what dtype does torch.randn give by default, and what does a step of 1e-6 need?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, requires_grad=True)
    weight = torch.randn(out_features, in_features, requires_grad=True)
    bias = torch.randn(out_features, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4, raise_exception=False)
