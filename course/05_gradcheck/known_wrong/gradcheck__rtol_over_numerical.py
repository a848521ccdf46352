# visible: fails
# mistake: the bound written atol + rtol / |n| (dividing by the numerical entry instead of multiplying)
# why: rtol / |n| grows without limit as the true derivative goes to 0, so a wrong gradient where the numerical entry is near 0 passes: n = 1e-8 and a = 1.2e-5 pass with rtol = 0.5 though |a - n| > atol = 1e-5; at n = 0 everything passes.
# see: The pass rule
# hint: In |a - n| <= atol + rtol * |n|, does the tolerance grow or shrink as |n| goes to 0?
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
            with np.errstate(divide="ignore"):
                bound = atol + rtol / np.abs(n)
            if not np.all(np.abs(a - n) <= bound):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
