# source: written for this set
def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    args = [torch.randn(*s, dtype=torch.double, requires_grad=True)
            for s in ((batch, in_features), (out_features, in_features), (out_features,))]
    return torch.autograd.gradcheck(function.apply, args, atol=1e-4, raise_exception=False)
