# heldout: only the input requires grad
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    options = dict(dtype=torch.float64)
    data = torch.randn(batch, in_features, **options).requires_grad_()
    weight = torch.randn(out_features, in_features, **options)
    bias = torch.randn(out_features, **options)
    return torch.autograd.gradcheck(function.apply, (data, weight, bias), eps=1e-6, atol=1e-4,
                                    raise_exception=False)
