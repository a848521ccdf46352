# source: tests/known_wrong_heldout/06_inplace_and_hooks/check_inplace__any_leaf.py
def check_inplace(tensor: Tensor) -> None:
    """Refuse to change ``tensor`` in place if it is a leaf that requires grad and the graph is
    being recorded (PyTorch's error). Under ``no_grad`` it is allowed."""
    recording = is_grad_enabled()
    if not recording:
        return None
    if tensor.is_leaf:
        raise RuntimeError(LEAF_MESSAGE)
    return None
