# visible: fails
# mistake: does not pass eps on
# why: numerical_jacobian is called with its default step, so gradcheck(..., eps=0.1) still differentiates with 1e-6.
# see: Exercise 3 · gradcheck (2 points)
# hint: which arguments of gradcheck must reach numerical_jacobian?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("no input requires grad: nothing to check")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {j} is not float64: the check will likely fail", UserWarning)
    numerical = numerical_jacobian(fn, inputs)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical)):
        for j, (n, a) in enumerate(zip(num_row, ana_row)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
