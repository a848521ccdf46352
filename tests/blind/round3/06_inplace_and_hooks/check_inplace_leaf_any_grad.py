# Wrong: refuses any leaf while recording, also one that does not require grad.
def check_inplace(tensor):
    if is_grad_enabled() and tensor.grad_fn is None and (tensor.requires_grad or tensor.grad is None):
        raise RuntimeError(LEAF_MESSAGE)
