# source: written for this set
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
    # 1. a single tensor becomes a tuple
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    else:
        inputs = tuple(inputs)
    # 2. something must require grad
    any_differentiable = False
    for candidate in inputs:
        if _differentiable(candidate):
            any_differentiable = True
    if not any_differentiable:
        raise ValueError("gradcheck: none of the inputs requires grad, there is nothing to check")
    # 3. warn about single precision
    for index, candidate in enumerate(inputs):
        if _differentiable(candidate):
            if candidate.dtype != np.float64:
                warnings.warn("gradcheck: input " + str(index) + " is " + str(candidate.dtype)
                              + ", not float64; the check may fail", UserWarning)
    # 4. the two Jacobians
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    # 5. compare block by block
    for i in range(len(numerical)):
        for j in range(len(numerical[i])):
            num_block = numerical[i][j]
            ana_block = analytical[i][j]
            allowed = atol + rtol * np.abs(num_block)
            difference = np.abs(ana_block - num_block)
            if not (difference <= allowed).all():
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, num_block, ana_block, atol, rtol))
                else:
                    return False
    return True
