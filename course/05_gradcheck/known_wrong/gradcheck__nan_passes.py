# visible: passes
# mistake: fails only where an entry exceeds the bound
# why: every comparison with NaN is false, so a NaN entry exceeds nothing: a backward that returns NaN passes.
# see: The pass rule
# hint: written as the rule is written, |a - n| <= bound must hold: what does that give for NaN?
def gradcheck(fn, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    inputs = tuple(inputs)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError("gradcheck: no input requires grad, there is nothing to check")
    for k, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(f"gradcheck: input {k} is {x.dtype}, not float64: finite differences will be inaccurate")
    numeric = numerical_jacobian(fn, inputs, eps)
    analytic = analytical_jacobian(fn, inputs)
    for i, (n_row, a_row) in enumerate(zip(numeric, analytic)):
        for j, (n, a) in enumerate(zip(n_row, a_row)):
            if (np.abs(a - n) > atol + rtol * np.abs(n)).any():
                if raise_exception:
                    raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
                return False
    return True
