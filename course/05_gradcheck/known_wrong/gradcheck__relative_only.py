# visible: fails
# mistake: drops atol
# why: without atol an entry whose true value is 0 passes only if the analytical value is exactly 0, so tiny round-off fails.
# see: The pass rule
# hint: what is rtol * |n| when n = 0, and which term of the rule handles that case?
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
            if not np.all(np.abs(a - n) <= rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True
