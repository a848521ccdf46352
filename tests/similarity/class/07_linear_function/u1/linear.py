# source: tests/unusual_correct/07_linear_function/linear__index_row.py
def linear(input, weight, bias=None):
    batch = input if input.dim() == 2 else input.unsqueeze(0)
    output = LinearFunction.apply(batch, weight, bias)
    return output if input.dim() == 2 else output[0]
