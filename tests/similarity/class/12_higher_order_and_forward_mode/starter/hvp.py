# source: assignments/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.ipynb, cell hvp
def hvp(func: Callable[[Tensor], Tensor], inputs: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
    """(func(inputs) detached, H @ v), H the Hessian of the scalar func at inputs."""
    # YOUR CODE HERE
    raise NotImplementedError()
