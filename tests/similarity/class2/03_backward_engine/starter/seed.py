# source: assignments/03_backward_engine/03_backward_engine.ipynb, cell seed
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    # YOUR CODE HERE
    raise NotImplementedError()
