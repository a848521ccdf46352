# source: tests/known_wrong_heldout/05_gradcheck/gradcheck__bound_uses_analytical.py
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
    for pos, t in enumerate(inputs):
        if _differentiable(t) and t.dtype != np.float64:
            warnings.warn(f"input {pos} is not double precision ({t.dtype})", UserWarning)
    numeric = numerical_jacobian(fn, inputs, eps)
    analytic = analytical_jacobian(fn, inputs)
    for i, pair in enumerate(zip(numeric, analytic)):
        for j, (n, a) in enumerate(zip(*pair)):
            # tolerance measured against the analytical entries
            ok = (np.abs(n - a) <= atol + rtol * np.abs(a)).all()
            if not ok:
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
                return False
    return True
