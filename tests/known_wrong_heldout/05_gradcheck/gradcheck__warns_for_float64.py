# heldout: compares the dtype with `is not`
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
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("at least one input must require grad")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype is not np.double:
            warnings.warn(f"input {j} is {x.dtype}: gradcheck is only reliable in float64", UserWarning)
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i in range(len(numerical)):
        for j in range(len(numerical[i])):
            n, a = numerical[i][j], analytical[i][j]
            passes = np.less_equal(np.abs(a - n), atol + rtol * np.abs(n)).all()
            if passes:
                continue
            if raise_exception:
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
            return False
    return True
