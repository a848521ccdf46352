# heldout: gradcheck raises on wrong code
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    shapes = ((batch, in_features), (out_features, in_features), (out_features,))
    args = [torch.randn(s, dtype=torch.float64).requires_grad_(True) for s in shapes]
    return torch.autograd.gradcheck(function.apply, tuple(args), eps=1e-6, atol=1e-4)
