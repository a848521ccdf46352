# visible: fails
# mistake: ignores raise_exception
# why: a failed check always raises GradcheckError, so gradcheck(..., raise_exception=False) never returns False.
# see: Exercise 3 · gradcheck (2 points)
# hint: what must gradcheck do on a failure when raise_exception is False?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("no input requires grad")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {j} is not float64", UserWarning)
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical)):
        for j, (n, a) in enumerate(zip(num_row, ana_row)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
