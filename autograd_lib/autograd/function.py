"""Mirror of ``torch.autograd.function``: ``from autograd_lib.autograd.function import ...``."""

from autograd_lib.function import BackwardCFunction, Function, FunctionCtx, once_differentiable

__all__ = ["BackwardCFunction", "Function", "FunctionCtx", "once_differentiable"]
