# source: written for this set
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    x = torch.randn(batch, in_features, dtype=torch.float64).requires_grad_(True)
    w = torch.randn(out_features, in_features, dtype=torch.float64).requires_grad_(True)
    b = torch.randn(out_features, dtype=torch.float64).requires_grad_(True)
    passed = torch.autograd.gradcheck(function.apply, (x, w, b), atol=1e-4, raise_exception=False)
    return passed
