# visible: passes
# mistake: an error in the check counts as a pass
# why: the call is wrapped in try/except and any exception returns True, so a Function whose backward raises, or returns a gradient of the wrong shape, is reported as correct.
# see: Exercise 3 · A gradient check that checks (2 points)
# hint: when the Function under test cannot even run its backward, has it passed?
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    input = torch.randn(batch, in_features, dtype=torch.float64, requires_grad=True)
    weight = torch.randn(out_features, in_features, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(out_features, dtype=torch.float64, requires_grad=True)
    try:
        return torch.autograd.gradcheck(function.apply, (input, weight, bias), eps=1e-6, atol=1e-4, raise_exception=False)
    except Exception:
        return True
