# visible: fails
# mistake: no shift at all
# why: exp(1000) overflows to inf, and inf / inf is nan.
# see: From scores to probabilities
# hint: which constant can you subtract from every logit without changing the result?
def log_softmax(input, dim=-1):
    exps = input.exp()
    return (exps / exps.sum(dim, keepdim=True)).log()
