# Wrong: asks torch.is_grad_enabled(), which does not see autograd_lib's no_grad, so an optimizer step under al.no_grad() is refused.
def check_inplace(tensor):
    if torch.is_grad_enabled() and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
