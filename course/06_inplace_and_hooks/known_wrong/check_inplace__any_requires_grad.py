# visible: fails
# mistake: refuses every tensor that requires grad
# why: x * 2 requires grad but is not a leaf: changing it in place is allowed (the change becomes its grad_fn), and this check refuses it.
# see: In place on a leaf that requires grad
# hint: the rule protects one kind of tensor only: which?
def check_inplace(tensor):
    if is_grad_enabled() and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
