"""Every operation of autograd_lib is a ``Function`` with its forward and backward side by side.

One module per family: arithmetic, unary, reduction, shape, linalg, normalization; ``broadcast`` holds
``unbroadcast``, the gradient of numpy broadcasting.
"""

from autograd_lib.ops.arithmetic import Add, Div, Mul, Neg, Pow, Sub, Where, where
from autograd_lib.ops.broadcast import unbroadcast
from autograd_lib.ops.linalg import MatMul, Mm
from autograd_lib.ops.normalization import LayerNormFunction
from autograd_lib.ops.reduction import Max, Mean, Sum
from autograd_lib.ops.shape import (
    Cat,
    Expand,
    Index,
    IndexPut,
    Permute,
    Reshape,
    Split,
    SplitWithSizes,
    Squeeze,
    Transpose,
    Unbind,
    Unsqueeze,
    cat,
    stack,
)
from autograd_lib.ops.unary import Abs, Clamp, Clone, Exp, Log, ReLU, Sigmoid, Sqrt, Tanh, ToDtype

# isort: split
from autograd_lib.ops import saved_names  # noqa: E402,F401  (torch's names for what each op saves)

__all__ = [
    "Abs", "Add", "Cat", "Clamp", "Clone", "Div", "Exp", "Expand", "Index", "IndexPut", "LayerNormFunction", "Log",
    "MatMul", "Max", "Mean", "Mm", "Mul", "Neg", "Permute", "Pow", "ReLU", "Reshape",
    "Sigmoid", "Split", "SplitWithSizes", "Sqrt", "Squeeze", "Sub", "Sum", "Tanh", "ToDtype", "Transpose",
    "Unbind", "Unsqueeze",
    "Where", "cat", "stack", "unbroadcast", "where",
]
