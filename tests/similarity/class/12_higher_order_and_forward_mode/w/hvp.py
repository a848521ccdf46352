# copy of n1: rename, recomment, the if turned around
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    p = inputs.detach().requires_grad_(True)
    val = func(p)
    g = grad(val, p, create_graph=True)[0]
    gv = (g * v).sum()
    if not gv.requires_grad:
        hv = zeros_like(p)  # constant gradient
    else:
        hv = grad(gv, p)[0]
    return val.detach(), hv
