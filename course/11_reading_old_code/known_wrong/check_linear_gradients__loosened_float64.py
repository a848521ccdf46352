# visible: fails
# mistake: loosened tolerances in float64
# why: with atol and rtol of 1e-2, a bias gradient 1% too large is inside the tolerance and passes.
# see: A common slip: gradcheck in single precision
# hint: in float64, do you still need tolerances looser than atol=1e-4?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(out_features, in_features, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(out_features, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-2, rtol=1e-2,
                                    raise_exception=False)
