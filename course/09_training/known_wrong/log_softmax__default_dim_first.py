# visible: fails
# mistake: the first axis by default
# why: with dim=0 as the default, a batch of rows is normalised down its columns, so the probabilities of each sample no longer sum to 1.
# see: Exercise 1 · A stable `log_softmax` (2 points)
# hint: which axis holds the classes of one sample, and what is the default dim in the signature?
def log_softmax(input, dim=0):
    shifted = input - input.max(dim, keepdim=True).values.detach()
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
