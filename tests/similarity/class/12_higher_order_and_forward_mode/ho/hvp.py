# source: tests/known_wrong_heldout/12_higher_order_and_forward_mode/hvp__backward_into_the_inputs.py
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    x = inputs if inputs.requires_grad else inputs.detach().requires_grad_()
    value = func(x)
    (gradient,) = grad(value, x, create_graph=True)
    product = (v * gradient).sum()
    if not product.requires_grad:
        return value.detach(), zeros_like(x)
    product.backward()
    return value.detach(), x.grad
