# visible: fails
# mistake: central differences of the gradient, (g(x + eps v) - g(x - eps v)) / (2 eps), instead of a second grad
# why: with the best step, eps = 1e-5, the step's error and the subtraction's rounding leave about ten good digits: for log(sum(exp(x))) at (0.5, -1, 2) with v = (1, 2, -1), H v is off by about 1e-11, where two grad calls are exact up to rounding (1e-16).
# see: Hessian-vector products
# hint: which of the two has an error that no choice of eps removes: a difference quotient, or a second grad through the first?
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    eps = 1e-5                                   # the best step for float64 central differences

    def gradient(at):
        x = autograd_lib.tensor(at, requires_grad=True)
        (g,) = grad(func(x), x, materialize_grads=True)
        return g.data

    a, direction = inputs.data, v.data
    hv = (gradient(a + eps * direction) - gradient(a - eps * direction)) / (2 * eps)
    return func(inputs.detach()).detach(), Tensor(hv)
