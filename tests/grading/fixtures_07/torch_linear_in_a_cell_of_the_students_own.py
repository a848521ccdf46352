"""Issue 23's attack 2: the answer cells left as released; a cell of the student's own after each
defines ``LinearFunction`` (or ``linear``) again, computing every number with torch's ``F.linear``
and ``torch.autograd.grad``. torch's references counted in answer cells only, so it earned 4/7.
A cell that binds an exercise's answer name again is that exercise's answer: both score 0."""
BASE = "untouched"
CELLS = [("linear_function", '''
import torch as _torch


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        tb = None if bias is None else _torch.as_tensor(bias.data)
        out = _torch.nn.functional.linear(_torch.as_tensor(input.data), _torch.as_tensor(weight.data), tb)
        return autograd_lib.tensor(out.numpy())

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        leaves = [_torch.as_tensor(t.data).requires_grad_(True) for t in (input, weight, bias) if t is not None]
        with _torch.enable_grad():
            out = _torch.nn.functional.linear(*leaves)
            grads = _torch.autograd.grad(out, leaves, _torch.as_tensor(grad_output.data))
        grads = [autograd_lib.tensor(g.numpy()) for g in grads] + [None]
        return tuple(g if need else None for g, need in zip(grads, ctx.needs_input_grad))
'''), ("linear", '''
def linear(input, weight, bias=None):
    return LinearFunction.apply(input, weight, bias) if bias is not None else LinearFunction.apply(input, weight)
''')]
EXPECT = {"score": 0}
