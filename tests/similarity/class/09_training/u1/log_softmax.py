# source: tests/unusual_correct/09_training/log_softmax__logsumexp_first.py
def log_softmax(input, dim=-1):
    m = input.max(dim, keepdim=True).values.detach()
    lse = m + (input - m).exp().sum(dim, keepdim=True).log()
    return input - lse
