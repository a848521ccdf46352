# visible: fails
# mistake: checks only J[0][0]
# why: only the first output against the first input is compared, so a wrong gradient for a second input or a second output passes.
# see: Exercise 3 · gradcheck (2 points)
# hint: how many blocks does a function with two inputs and two outputs have?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("no input requires grad")
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"input {j} is not float64", UserWarning)
    n = numerical_jacobian(fn, inputs, eps)[0][0]
    a = analytical_jacobian(fn, inputs)[0][0]
    if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
        if not raise_exception:
            return False
        raise GradcheckError(_mismatch_message(0, 0, n, a, atol, rtol))
    return True
