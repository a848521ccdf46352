# visible: fails
# mistake: computes in numpy
# why: the values are right, but a Tensor made from a numpy array has no history, so no gradient reaches the input.
# see: Exercise 1 · A stable `log_softmax` (2 points)
# hint: which operations does the engine record, and which does it never see?
def log_softmax(input, dim=-1):
    x = input.data
    shifted = x - x.max(axis=dim, keepdims=True)
    return Tensor(shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True)))
