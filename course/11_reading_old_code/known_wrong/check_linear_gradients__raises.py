# visible: fails
# mistake: gradcheck raises on wrong code
# why: raise_exception defaults to True, so a wrong gradient raises GradcheckError instead of returning False.
# see: Exercise 3 · A gradient check that checks (2 points)
# hint: which argument of gradcheck makes it return False instead of raising?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(out_features, in_features, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(out_features, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4)
