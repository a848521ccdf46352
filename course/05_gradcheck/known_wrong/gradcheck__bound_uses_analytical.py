# visible: fails
# mistake: np.allclose(n, a)
# why: np.allclose(n, a) bounds |a - n| by atol + rtol * |a|, but PyTorch's rule uses |n|, the numerical entry; near the bound the verdicts differ.
# see: The pass rule
# hint: np.allclose(x, y) is asymmetric: which of its two arguments scales the tolerance?
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
            if not np.allclose(n, a, rtol=rtol, atol=atol):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
