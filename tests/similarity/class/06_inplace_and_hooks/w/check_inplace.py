# copy of n1: conditions reordered
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    if is_grad_enabled() and tensor.requires_grad and tensor.is_leaf:
        raise RuntimeError(LEAF_MESSAGE)
