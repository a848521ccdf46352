# heldout: marks the caller's inputs
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    inputs.requires_grad_()
    result = func(inputs)
    (first,) = grad(result, inputs, create_graph=True)
    directional = (first * v).sum()
    if directional.requires_grad:
        (hv,) = grad(directional, inputs)
    else:
        hv = zeros_like(inputs)
    return result.detach(), hv
