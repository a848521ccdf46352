# heldout: output and input indices swapped in the message
def gradcheck(
    fn: Callable[..., Any],
    inputs: Any,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """Check backward against finite differences for every input that requires grad.

    Passes if ``|analytical - numerical| <= atol + rtol * |numerical|`` everywhere. On failure
    raises ``GradcheckError`` naming the output and input index and showing both Jacobians
    (or returns False if ``raise_exception=False``). Warns for inputs that are not float64.
    """
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    requiring = [x for x in inputs if _differentiable(x)]
    if not requiring:
        raise ValueError("gradcheck needs at least one input with requires_grad=True")
    for idx, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {idx} has dtype {x.dtype}; gradcheck needs float64", UserWarning)
    N = numerical_jacobian(fn, inputs, eps)
    A = analytical_jacobian(fn, inputs)
    for out_idx in range(len(N)):
        for in_idx in range(len(N[out_idx])):
            n = N[out_idx][in_idx]
            a = A[out_idx][in_idx]
            bad = np.abs(a - n) > atol + rtol * np.abs(n)
            if np.any(bad):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(in_idx, out_idx, n, a, atol, rtol))
    return True
