# visible: fails
# mistake: compares the dtype with `is not`
# why: x.dtype is a numpy dtype object and np.float64 is a type, so `x.dtype is not np.float64` is always true and every input, float64 too, gets a warning.
# see: Exercise 3 · gradcheck (2 points)
# hint: how do you test whether a dtype equals float64? Try it on a float64 tensor.
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("no input requires grad: nothing to check")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype is not np.float64:
            warnings.warn(f"input {j} is not float64: the check will likely fail", UserWarning)
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical)):
        for j, (n, a) in enumerate(zip(num_row, ana_row)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
