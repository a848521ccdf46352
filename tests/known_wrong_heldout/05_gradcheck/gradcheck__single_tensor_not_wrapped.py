# heldout: tuple(inputs) for a single Tensor
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
    inputs = tuple(inputs)
    if all(not _differentiable(x) for x in inputs):
        raise ValueError("none of the inputs requires grad")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {j} is {x.dtype}, not float64", UserWarning)
    jn = numerical_jacobian(fn, inputs, eps)
    ja = analytical_jacobian(fn, inputs)
    failure = None
    for i in range(len(jn)):
        for j in range(len(jn[i])):
            n, a = jn[i][j], ja[i][j]
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                failure = (i, j, n, a)
                break
        if failure is not None:
            break
    if failure is None:
        return True
    if raise_exception:
        i, j, n, a = failure
        raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return False
