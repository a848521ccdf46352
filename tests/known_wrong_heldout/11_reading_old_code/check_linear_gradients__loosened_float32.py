# heldout: loosened float32 check
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    tensors = tuple(torch.randn(*shape, requires_grad=True)
                    for shape in [(batch, in_features), (out_features, in_features), (out_features,)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ok = torch.autograd.gradcheck(function.apply, tensors, eps=1e-3, atol=1e-2, rtol=1e-2,
                                      raise_exception=False)
    return ok
