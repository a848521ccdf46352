# visible: fails
# mistake: the weight does not require grad
# why: gradcheck skips inputs that do not require grad, so a wrong weight gradient is never compared.
# see: Bug 3: gradcheck on the Module class
# hint: which of the three tensors does gradcheck compare, and which does it skip?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(out_features, in_features, dtype=torch.float64)
    bias = torch.randn(out_features, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4, raise_exception=False)
