# copy of n1: rename, recomment, any() instead of the flag loop
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
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    else:
        inputs = tuple(inputs)
    if not any(_differentiable(c) for c in inputs):
        raise ValueError("gradcheck: none of the inputs requires grad, there is nothing to check")
    for k, c in enumerate(inputs):
        if _differentiable(c):
            if c.dtype != np.float64:
                warnings.warn("gradcheck: input " + str(k) + " is " + str(c.dtype)
                              + ", not float64; the check may fail", UserWarning)
    num = numerical_jacobian(fn, inputs, eps)
    ana = analytical_jacobian(fn, inputs)
    for i in range(len(num)):
        for j in range(len(num[i])):
            nb = num[i][j]
            ab = ana[i][j]
            diff = np.abs(ab - nb)
            tol = atol + rtol * np.abs(nb)
            if not (diff <= tol).all():
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, nb, ab, atol, rtol))
                else:
                    return False
    return True
