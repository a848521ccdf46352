# visible: fails
# mistake: tests is_grad_enabled without calling it
# why: a function object is always true, so the check acts as if the graph were always recorded and refuses the optimizer's update under no_grad.
# see: In place on a leaf that requires grad
# hint: is_grad_enabled is a function: what does it give you without parentheses?
def check_inplace(tensor):
    if is_grad_enabled and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError(LEAF_MESSAGE)
