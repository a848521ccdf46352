# visible: fails
# mistake: np.allclose(a, n) without atol and rtol
# why: np.allclose uses its own defaults (rtol=1e-5, atol=1e-8), not the atol and rtol given to gradcheck, so a loose check fails and a tight one passes.
# see: The pass rule
# hint: np.allclose(a, n) is the right rule only with which two keyword arguments?
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
            if not np.allclose(a, n):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
