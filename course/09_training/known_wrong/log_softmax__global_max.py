# visible: passes
# Shifts by the largest logit of the whole tensor instead of each row's own maximum: a row far
# below the global maximum underflows to exp(...) = 0 and its log is -inf.
def log_softmax(input, dim=-1):
    shifted = input - input.max().detach()
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
