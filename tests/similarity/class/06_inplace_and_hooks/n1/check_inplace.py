# source: written for this set
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    if tensor.is_leaf and tensor.requires_grad and is_grad_enabled():
        raise RuntimeError(LEAF_MESSAGE)
