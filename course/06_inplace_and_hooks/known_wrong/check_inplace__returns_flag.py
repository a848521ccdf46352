# visible: fails
# mistake: returns True or False instead of raising
# why: a caller that does not test the result goes on and changes the parameter; the rule is only kept if the check raises.
# see: Exercise 3 · `check_inplace` (1 point)
# hint: what should happen to the in-place operation when the tensor is a parameter being recorded?
def check_inplace(tensor):
    return not (is_grad_enabled() and tensor.is_leaf and tensor.requires_grad)
