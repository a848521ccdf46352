# visible: passes
# mistake: warns for every input that is not float64
# why: a constant float32 input is never perturbed: the finite differences do not suffer from it, and gradcheck should not warn about it.
# see: Exercise 3 · gradcheck (2 points)
# hint: which inputs does gradcheck perturb?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    inputs = tuple(inputs)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("gradcheck: no input requires grad, there is nothing to check")
    for k, x in enumerate(inputs):
        if isinstance(x, Tensor) and x.dtype != np.float64:
            warnings.warn(f"gradcheck: input {k} is {x.dtype}, not float64: finite differences will be inaccurate")
    numeric = numerical_jacobian(fn, inputs, eps)
    analytic = analytical_jacobian(fn, inputs)
    for i, (n_row, a_row) in enumerate(zip(numeric, analytic)):
        for j, (n, a) in enumerate(zip(n_row, a_row)):
            if not np.allclose(a, n, rtol=rtol, atol=atol):
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
                return False
    return True
