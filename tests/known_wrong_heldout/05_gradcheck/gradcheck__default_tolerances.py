# heldout: np.allclose(a, n) without atol and rtol
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
    checked = [k for k, t in enumerate(inputs) if _differentiable(t)]
    if len(checked) == 0:
        raise ValueError("gradcheck: none of the inputs requires grad, nothing to check")
    for k in checked:
        if inputs[k].dtype != np.dtype("float64"):
            warnings.warn(f"input {k} is {inputs[k].dtype}, not float64: expect a failure", UserWarning)
    num = numerical_jacobian(fn, inputs, eps=eps)
    ana = analytical_jacobian(fn, inputs)
    for i in range(len(num)):
        for j in range(len(num[i])):
            n, a = num[i][j], ana[i][j]
            if np.allclose(a, n):
                continue
            if raise_exception:
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
            return False
    return True
