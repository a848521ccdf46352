# heldout: mean instead of the dot product
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    x = inputs.detach().requires_grad_()
    out = func(x)
    (g,) = grad(out, x, create_graph=True)
    s = (g * v).mean()
    if s.requires_grad:
        return out.detach(), grad(s, x)[0]
    return out.detach(), zeros_like(x)
