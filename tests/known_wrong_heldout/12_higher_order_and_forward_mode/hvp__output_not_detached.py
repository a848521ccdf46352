# heldout: the output is not detached
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    x = inputs.detach().requires_grad_()
    value = func(x)
    gx = grad(value, x, create_graph=True)[0]
    inner = (gx * v).sum()
    hv = grad(inner, x)[0] if inner.requires_grad else zeros_like(x)
    return value, hv
