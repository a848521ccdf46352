# copy of ho: rename, recomment, reorder
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
    if not isinstance(inputs, (tuple, list)):
        inputs = [inputs]
    inputs = tuple(inputs)
    if not any(map(_differentiable, inputs)):
        raise ValueError("no input requires grad")
    for k, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {k} is not double precision ({x.dtype})", UserWarning)
    A = analytical_jacobian(fn, inputs)
    N = numerical_jacobian(fn, inputs, eps)
    for i, blocks in enumerate(zip(N, A)):
        for j, (nb, ab) in enumerate(zip(*blocks)):
            good = (np.abs(nb - ab) <= atol + rtol * np.abs(ab)).all()
            if not good:
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, nb, ab, atol, rtol))
                return False
    return True
