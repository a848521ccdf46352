# visible: fails
# mistake: always the last axis
# why: the max and the sum run along the last axis whatever dim says, so dim=0 on a matrix normalises its rows instead of its columns.
# see: Exercise 1 · A stable `log_softmax` (2 points)
# hint: which argument names the axis along which the probabilities sum to 1?
def log_softmax(input, dim=-1):
    shifted = input - input.max(-1, keepdim=True).values.detach()
    return shifted - shifted.exp().sum(-1, keepdim=True).log()
