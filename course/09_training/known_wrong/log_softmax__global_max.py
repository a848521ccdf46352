# visible: fails
# mistake: one max for the whole batch
# why: shifting every row by the largest logit of the whole tensor leaves a row near -1000 at exp(-2000) = 0, and log(0) = -inf.
# see: The log-sum-exp trick
# hint: which maximum makes the largest term of each row's sum equal to 1?
def log_softmax(input, dim=-1):
    shifted = input - input.max().detach()
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
