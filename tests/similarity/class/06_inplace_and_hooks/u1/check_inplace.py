# source: tests/unusual_correct/06_inplace_and_hooks/check_inplace__early_return.py
def check_inplace(tensor):
    if not is_grad_enabled():
        return None
    if tensor.grad_fn is None and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
    return None
