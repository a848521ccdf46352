"""Issue 23's attacks 4, 6 and 7: the answer cell computes with ``F.linear`` (the chapter's own
name for torch's ``torch.nn.functional.linear``) and ``torch.autograd.grad``, its backward wrapped
in a Function of its own so the gradients can be differentiated again: 7/7. ``F.linear`` is named
by both exercises' headers, and the static check kept only the last exercise that named it, so
LinearFunction's answer cell was not checked for it. Both score 0."""
BASE = "untouched"
ANSWERS = {"linear_function": '''
import torch as _torch

_lin = F.linear


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        tb = None if bias is None else _torch.as_tensor(bias.data)
        return autograd_lib.tensor(_lin(_torch.as_tensor(input.data), _torch.as_tensor(weight.data), tb).numpy())

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        leaves = [_torch.as_tensor(t.data).requires_grad_(True) for t in (input, weight, bias) if t is not None]
        with _torch.enable_grad():
            grads = _torch.autograd.grad(_lin(*leaves), leaves, _torch.as_tensor(grad_output.data))
        grads = [autograd_lib.tensor(g.numpy()) for g in grads] + [None]
        return tuple(g if need else None for g, need in zip(grads, ctx.needs_input_grad))
''', "linear": '''
def linear(input, weight, bias=None):
    return LinearFunction.apply(input, weight, bias) if bias is not None else LinearFunction.apply(input, weight)
'''}
EXPECT = {"score": 0}
