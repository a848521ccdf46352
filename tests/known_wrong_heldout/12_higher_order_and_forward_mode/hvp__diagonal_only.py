# heldout: row sums instead of g . v
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    x = inputs.detach().requires_grad_()
    y = func(x)
    (g,) = grad(y, x, create_graph=True)
    total = g.sum()
    if not total.requires_grad:
        return y.detach(), zeros_like(x)
    (row_sums,) = grad(total, x)
    return y.detach(), row_sums * v
