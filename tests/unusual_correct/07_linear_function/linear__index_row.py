# unusual: unsqueeze on the way in, indexing row 0 on the way out, input.dim() for the number of dimensions
# visible: passes
def linear(input, weight, bias=None):
    batch = input if input.dim() == 2 else input.unsqueeze(0)
    output = LinearFunction.apply(batch, weight, bias)
    return output if input.dim() == 2 else output[0]
