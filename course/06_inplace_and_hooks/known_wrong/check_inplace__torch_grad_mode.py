# visible: fails
# mistake: asks PyTorch whether gradients are recorded
# why: torch.is_grad_enabled() is PyTorch's switch; al.no_grad() turns off autograd_lib's, so the check still refuses under al.no_grad().
# see: Exercise 3 · `check_inplace` (1 point)
# hint: which library's grad mode do autograd_lib's tensors follow?
def check_inplace(tensor):
    if torch.is_grad_enabled() and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
