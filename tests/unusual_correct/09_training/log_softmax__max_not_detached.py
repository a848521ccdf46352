# unusual: keeps the max in the graph (no detach); its gradient contributions cancel, since the result does not depend on it
# visible: passes
def log_softmax(input, dim=-1):
    shifted = input - input.max(dim, keepdim=True).values
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
