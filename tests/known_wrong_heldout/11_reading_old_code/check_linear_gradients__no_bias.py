# heldout: checks without a bias
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    inp = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    wt = torch.randn(out_features, in_features, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(lambda a, w: function.apply(a, w, None), (inp, wt), eps=1e-6, atol=1e-4,
                                    raise_exception=False)
