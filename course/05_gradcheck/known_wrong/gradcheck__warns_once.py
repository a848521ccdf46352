# visible: passes
# mistake: stops after the first input that is not float64
# why: two float32 inputs that require grad give one warning instead of one each.
# see: Exercise 3 · gradcheck (2 points)
# hint: how many inputs does step 3 go through?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    inputs = tuple(inputs)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("gradcheck: no input requires grad, there is nothing to check")
    for k, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn("gradcheck: an input is not float64: finite differences will be inaccurate")
            break
    numeric = numerical_jacobian(fn, inputs, eps)
    analytic = analytical_jacobian(fn, inputs)
    for i, (n_row, a_row) in enumerate(zip(numeric, analytic)):
        for j, (n, a) in enumerate(zip(n_row, a_row)):
            if not np.allclose(a, n, rtol=rtol, atol=atol):
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
                return False
    return True
