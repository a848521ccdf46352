# visible: passes
# Always works along the last axis, whatever dim was asked for.
def log_softmax(input, dim=-1):
    shifted = input - input.max(-1, keepdim=True).values.detach()
    return shifted - shifted.exp().sum(-1, keepdim=True).log()
