# source: tests/known_wrong_heldout/11_reading_old_code/check_linear_gradients__ignores_sizes.py
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    x = torch.randn(4, 3, dtype=torch.double, requires_grad=True)
    w = torch.randn(2, 3, dtype=torch.double, requires_grad=True)
    b = torch.randn(2, dtype=torch.double, requires_grad=True)
    verdict = torch.autograd.gradcheck(function.apply, (x, w, b), eps=1e-6, atol=1e-4, raise_exception=False)
    return verdict
