# source: written for this set
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    point = inputs.detach().requires_grad_(True)
    value = func(point)
    gradient = grad(value, point, create_graph=True)[0]
    # the derivative of (gradient . v) is H v
    gradient_dot_v = (gradient * v).sum()
    if gradient_dot_v.requires_grad:
        hessian_vector = grad(gradient_dot_v, point)[0]
    else:
        # the gradient is constant, so the Hessian is zero
        hessian_vector = zeros_like(point)
    return value.detach(), hessian_vector
