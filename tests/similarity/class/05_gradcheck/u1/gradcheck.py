# source: tests/unusual_correct/05_gradcheck/gradcheck__allclose_own_message.py
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    inputs = list(inputs)
    checked = [j for j, x in enumerate(inputs) if _differentiable(x)]
    if not checked:
        raise ValueError("gradcheck: no input requires grad, so there is nothing to check")
    for j in checked:
        if inputs[j].dtype.name != "float64":
            warnings.warn(f"gradcheck: input {j} has dtype {inputs[j].dtype.name}, not float64")
    analytical = analytical_jacobian(fn, inputs)
    numerical = numerical_jacobian(fn, inputs, eps=eps)
    for i in range(len(numerical)):
        for j in range(len(inputs)):
            n, a = numerical[i][j], analytical[i][j]
            if np.allclose(a, n, rtol=rtol, atol=atol):
                continue
            if raise_exception:
                raise GradcheckError(f"Jacobian mismatch: output {i}, input {j}\nnumerical:\n{n}\nanalytical:\n{a}")
            return False
    return True
