# source: assignments/06_inplace_and_hooks/06_inplace_and_hooks.ipynb, cell check_inplace
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    # YOUR CODE HERE
    raise NotImplementedError()
