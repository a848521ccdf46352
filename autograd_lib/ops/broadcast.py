"""The gradient of broadcasting: sum a gradient back to the shape of the input it came from.

If ``a`` of shape (3, 1) was broadcast to (2, 3, 4) in ``a + b``, every element of ``a`` was used
2 * 4 times, so d(loss)/d(a) is the sum of the incoming gradient over those copies.
"""

from __future__ import annotations

from autograd_lib.tensor import Tensor


def unbroadcast(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Sum ``grad`` (shape ``grad.shape``) down to ``shape``, undoing numpy broadcasting.

    1. sum over the leading dimensions that broadcasting added;
    2. sum, keeping the dimension, over dimensions where ``shape`` has 1 and ``grad`` has not.

    Example: grad (2, 3, 4), shape (3, 1) -> sum over dim 0 -> (3, 4) -> sum dim 1 -> (3, 1).
    Written with Tensor ops, so it is itself differentiable.
    """
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    return grad
