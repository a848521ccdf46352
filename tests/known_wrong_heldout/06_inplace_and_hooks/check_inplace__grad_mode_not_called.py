# heldout: tests is_grad_enabled without calling it
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    protected = tensor.requires_grad and tensor.is_leaf
    if protected and is_grad_enabled:
        raise RuntimeError(LEAF_MESSAGE)
