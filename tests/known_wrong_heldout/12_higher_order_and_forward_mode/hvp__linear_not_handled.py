# heldout: no branch for a linear func
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    point = inputs.detach().requires_grad_()
    out = func(point)
    g = grad(out, point, create_graph=True)[0]
    hv = grad((g * v).sum(), point)[0]
    return out.detach(), hv
