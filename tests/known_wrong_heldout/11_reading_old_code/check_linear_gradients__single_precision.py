# heldout: float32 inputs
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    x = torch.randn(batch, in_features, requires_grad=True)
    W = torch.randn(out_features, in_features, requires_grad=True)
    b = torch.randn(out_features, requires_grad=True)
    return torch.autograd.gradcheck(function.apply, (x, W, b), eps=1e-6, atol=1e-4, raise_exception=False)
