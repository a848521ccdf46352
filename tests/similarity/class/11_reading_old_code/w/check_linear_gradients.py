# copy of n1: rename
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    i = torch.randn(batch, in_features, dtype=torch.float64).requires_grad_(True)
    wt = torch.randn(out_features, in_features, dtype=torch.float64).requires_grad_(True)
    bs = torch.randn(out_features, dtype=torch.float64).requires_grad_(True)
    ok = torch.autograd.gradcheck(function.apply, (i, wt, bs), atol=1e-4, raise_exception=False)
    return ok
