# visible: fails
# mistake: refuses every leaf
# why: a leaf that does not require grad (data, a buffer) has no gradient to protect; refusing it forbids plain in-place arithmetic.
# see: In place on a leaf that requires grad
# hint: what makes a leaf a parameter whose gradient you want?
def check_inplace(tensor):
    if is_grad_enabled() and tensor.is_leaf:
        raise RuntimeError(LEAF_MESSAGE)
