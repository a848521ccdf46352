# visible: fails
# mistake: loosened float32 check
# why: with eps 1e-3 and tolerances of 1e-2, a bias gradient 1% too large is inside the tolerance and passes.
# see: A common slip: gradcheck in single precision
# hint: instead of loosening the tolerances, which dtype lets the strict ones work?
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    input = torch.randn(batch, in_features, requires_grad=True)
    weight = torch.randn(out_features, in_features, requires_grad=True)
    bias = torch.randn(out_features, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-3, atol=1e-2, rtol=1e-2,
                                        raise_exception=False)
