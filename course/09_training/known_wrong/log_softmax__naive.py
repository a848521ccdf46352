# visible: passes
# The formula as written, log(exp(x) / sum exp(x)): exp overflows for logits near 1000 (nan).
def log_softmax(input, dim=-1):
    exps = input.exp()
    return (exps / exps.sum(dim, keepdim=True)).log()
