# source: written for this set
def check_inplace(tensor):
    if is_grad_enabled() and tensor.requires_grad and tensor.grad_fn is None:
        raise RuntimeError(LEAF_MESSAGE)
