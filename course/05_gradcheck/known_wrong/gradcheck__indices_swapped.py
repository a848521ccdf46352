# visible: fails
# mistake: output and input indices swapped in the message
# why: _mismatch_message(j, i, ...) tells the reader that output j failed against input i: the wrong block, and the wrong place to look for the bug.
# see: Exercise 3 · gradcheck (2 points)
# hint: in J[i][j], which index counts outputs and which counts inputs? Check the order of _mismatch_message's arguments.
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("no input requires grad: nothing to check")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {j} is not float64: the check will likely fail", UserWarning)
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical)):
        for j, (n, a) in enumerate(zip(num_row, ana_row)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(j, i, n, a, atol, rtol))
    return True
