# heldout: compares the largest error with the largest entry
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
    if isinstance(inputs, (list, tuple)):
        inputs = tuple(inputs)
    else:
        inputs = (inputs,)
    if not [x for x in inputs if _differentiable(x)]:
        raise ValueError("gradcheck: no input requires grad")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn("input %d is not float64 but %s" % (j, x.dtype), UserWarning)
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (nrow, arow) in enumerate(zip(numerical, analytical)):
        for j, (n, a) in enumerate(zip(nrow, arow)):
            if n.size == 0:
                continue
            worst_error = np.max(np.abs(a - n))
            biggest = np.max(np.abs(n))
            if worst_error > atol + rtol * biggest:
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
                return False
    return True
