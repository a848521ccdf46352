# visible: fails
# mistake: its own error message
# why: the check raises at the right moments, but with a message of its own; PyTorch's words are the ones people search for.
# see: Exercise 3 · `check_inplace` (1 point)
# hint: which message was imported above for this check?
def check_inplace(tensor):
    if is_grad_enabled() and tensor.is_leaf and tensor.requires_grad:
        raise RuntimeError("cannot change a parameter in place")
