# source: tests/unusual_correct/09_training/log_softmax__max_not_detached.py
def log_softmax(input, dim=-1):
    shifted = input - input.max(dim, keepdim=True).values
    return shifted - shifted.exp().sum(dim, keepdim=True).log()
