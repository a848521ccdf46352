# visible: fails
# mistake: log of a stable softmax
# why: the softmax of [1000, 0] is [1, exp(-1000)], and exp(-1000) underflows to 0, so its log is -inf instead of -1000.
# see: The log-sum-exp trick
# hint: can you subtract the log of the sum, instead of taking the log of a quotient?
def log_softmax(input, dim=-1):
    exps = (input - input.max(dim, keepdim=True).values.detach()).exp()
    return (exps / exps.sum(dim, keepdim=True)).log()
