# visible: fails
# mistake: drops the reduced axis
# why: the max of a (2, 2) batch along dim 1 has shape (2,), and broadcasting lines it up with the columns: column j is shifted by the max of row j.
# see: Exercise 1 · A stable `log_softmax` (2 points)
# hint: what shape must the max have to broadcast along dim?
def log_softmax(input, dim=-1):
    shifted = input - input.max(dim).values.detach()
    return shifted - shifted.exp().sum(dim).log()
