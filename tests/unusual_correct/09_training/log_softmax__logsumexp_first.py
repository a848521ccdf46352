# unusual: computes log-sum-exp as m + log(sum exp(x - m)) first, then subtracts it from the raw input
# visible: passes
def log_softmax(input, dim=-1):
    m = input.max(dim, keepdim=True).values.detach()
    lse = m + (input - m).exp().sum(dim, keepdim=True).log()
    return input - lse
