# visible: fails
# mistake: the sizes are ignored
# why: the tensors are always 4 x 3 and 2 x 3, whatever batch, in_features and out_features say.
# see: Exercise 3 · A gradient check that checks (2 points)
# hint: do batch, in_features and out_features reach torch.randn?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(2, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4, raise_exception=False)
