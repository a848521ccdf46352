# unusual: returns early when not recording, and tests grad_fn instead of is_leaf
# visible: passes
def check_inplace(tensor):
    if not is_grad_enabled():
        return None
    if tensor.grad_fn is None and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
    return None
