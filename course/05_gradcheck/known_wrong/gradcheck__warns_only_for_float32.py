# visible: passes
# mistake: warns only for float32
# why: the check compares with == np.float32 instead of != np.float64, so a float16 input, whose differences are almost all round-off, is checked without a word.
# see: Exercise 3 · gradcheck (2 points)
# hint: which inputs does the text say deserve the warning: float32 ones, or every one that is not float64?
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
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, but none of "
            "them have requires_grad=True."
        )
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype == np.float32:
            warnings.warn(
                f"Input #{j} requires gradient and is not a double precision floating point "
                f"({x.dtype}). This check will likely fail if all the inputs are not of double "
                "precision floating point.",
                UserWarning,
                stacklevel=2,
            )
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical, strict=True)):
        for j, (n, a) in enumerate(zip(num_row, ana_row, strict=True)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
