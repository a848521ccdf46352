# visible: fails
# mistake: checks without a bias
# why: with only input and weight, the Function runs without a bias, so a wrong bias gradient is never computed.
# see: Exercise 3 · A gradient check that checks (2 points)
# hint: how many tensors does the Function take, and are they all in your check?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(out_features, in_features, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight), eps=1e-6, atol=1e-4, raise_exception=False)
