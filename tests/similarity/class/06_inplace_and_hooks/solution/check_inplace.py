# source: course/06_inplace_and_hooks/06_inplace_and_hooks.md, cell check_inplace
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    if is_grad_enabled() and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
