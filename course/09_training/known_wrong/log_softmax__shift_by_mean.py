# visible: fails
# mistake: shifts by the mean
# why: the mean of [-1000, 0, 1000] is 0, so exp(1000) still overflows; only the max makes every exponent at most 0.
# see: The log-sum-exp trick
# hint: which constant makes every exponent at most 0?
def log_softmax(input, dim=-1):
    shifted = input - input.mean(dim, keepdim=True).detach()
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
