"""Issue 23's attack 3: helpers in a first cell of the student's own compute with torch's
``F.linear`` and ``torch.autograd.grad``; the answer cells only call them. torch's references
counted in answer cells only, so it earned 4/7. The helpers an answer calls (and those they call)
bring their torch references to its exercise: both score 0."""
BASE = "untouched"
CELL = '''
import autograd_lib
import torch as _torch

_lin = _torch.nn.functional.linear


def _fw(ctx, input, weight, bias=None):
    ctx.save_for_backward(input, weight, bias)
    tb = None if bias is None else _torch.as_tensor(bias.data)
    return autograd_lib.tensor(_lin(_torch.as_tensor(input.data), _torch.as_tensor(weight.data), tb).numpy())


def _bw(ctx, grad_output):
    input, weight, bias = ctx.saved_tensors
    leaves = [_torch.as_tensor(t.data).requires_grad_(True) for t in (input, weight, bias) if t is not None]
    with _torch.enable_grad():
        grads = _torch.autograd.grad(_lin(*leaves), leaves, _torch.as_tensor(grad_output.data))
    grads = [autograd_lib.tensor(g.numpy()) for g in grads] + [None]
    return tuple(g if need else None for g, need in zip(grads, ctx.needs_input_grad))
'''
ANSWERS = {"linear_function": '''
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        return _fw(ctx, input, weight, bias)

    @staticmethod
    def backward(ctx, grad_output):
        return _bw(ctx, grad_output)
''', "linear": '''
def linear(input, weight, bias=None):
    return LinearFunction.apply(input, weight, bias) if bias is not None else LinearFunction.apply(input, weight)
'''}
EXPECT = {"score": 0}
