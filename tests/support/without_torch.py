"""Answers to chapter 9's ``CrossEntropy`` that hand their work to torch (``tests/grading/fixtures_09``):
chapter 9's kernel has no torch (``grader.course.kernel_library.WITHOUT``), so each earns nothing."""

from __future__ import annotations


def torch_cross_entropy(loss: str, load: str = "import torch as _t") -> str:
    """An answer to chapter 9's ``CrossEntropy`` whose forward hands the loss and its gradient to
    torch: ``load`` binds torch to ``_t`` when forward runs (so the class is defined either way,
    and what the kernel says about torch reaches the judge's message), ``loss`` is an expression
    of ``_t``, the float64 logits ``x`` and the classes ``k``; backward returns torch's gradient.
    With torch in the kernel, every such answer earns the exercise's points."""
    body = "\n".join(f"        {line}" for line in load.strip().splitlines())
    return f'''class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
{body}
        k = _t.as_tensor(np.asarray(target.data if isinstance(target, Tensor) else target)).long()
        x = _t.tensor(logits.data, dtype=_t.float64, requires_grad=True)
        with _t.enable_grad():
            loss = {loss}
            (g,) = _t.autograd.grad(loss, x)
        ctx.grad = g.numpy()
        return Tensor(np.asarray(loss.item()))

    @staticmethod
    def backward(ctx, grad_output):
        return Tensor(ctx.grad) * grad_output, None
'''
