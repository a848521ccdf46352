"""autograd_lib: a small PyTorch-style autograd engine, built step by step by the course.

Layout (one idea per module): ``tensor`` (Tensor), ``function`` (Function, ctx), ``node``
(graph nodes), ``engine`` (topological order, backward, grad), ``ops`` (every operation, as a
Function), ``gradcheck``, ``grad_mode`` (no_grad), ``inference`` (inference_mode),
``saved_tensor`` and ``saved_attributes`` (what a node keeps: saved-tensor hooks, ``_saved_*``),
``creation`` (factories), ``testing``; ``utils.checkpoint`` (activation checkpointing).
Default floating dtype is float64 (torch's is float32): gradcheck needs double precision.
"""

# Tensor first: tensor.py imports the ops, which import Function, which imports Tensor.
from autograd_lib.tensor import Tensor

# isort: split
from autograd_lib import autograd, ops, testing
from autograd_lib.creation import (
    arange,
    float32,
    float64,
    get_rng_state,
    int32,
    int64,
    manual_seed,
    ones,
    ones_like,
    rand,
    randn,
    set_rng_state,
    tensor,
    zeros,
    zeros_like,
)
from autograd_lib.function import Function, FunctionCtx, once_differentiable
from autograd_lib.functions import (
    abs,
    cat,
    chunk,
    clamp,
    exp,
    log,
    matmul,
    max,
    mean,
    mm,
    pow,
    relu,
    reshape,
    sigmoid,
    split,
    sqrt,
    stack,
    sum,
    tanh,
    transpose,
    unbind,
    where,
)
from autograd_lib.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from autograd_lib.gradcheck import GradcheckError, gradcheck, gradgradcheck
from autograd_lib.inference import inference_mode, is_inference_mode_enabled

__version__ = "0.1.0"

# Subpackages built on the core (they import it, so they come last).
from autograd_lib import data, forward_ad, func, nn, optim, utils  # noqa: E402

__all__ = [
    "Function", "FunctionCtx", "GradcheckError", "Tensor", "__version__", "abs", "arange",
    "autograd", "cat", "chunk", "clamp", "data", "enable_grad", "exp", "float32", "float64",
    "forward_ad", "func", "gradcheck",
    "gradgradcheck", "inference_mode", "int32", "int64", "is_grad_enabled", "is_inference",
    "is_inference_mode_enabled", "log", "get_rng_state", "manual_seed", "set_rng_state", "matmul", "max",
    "mean", "mm", "nn", "no_grad", "once_differentiable", "ones", "ones_like", "ops", "optim", "pow", "rand",
    "randn", "relu", "reshape", "set_grad_enabled", "sigmoid", "split", "sqrt", "stack", "sum", "tanh",
    "tensor", "testing", "transpose", "unbind", "utils", "where", "zeros", "zeros_like",
]


def is_inference(input: Tensor) -> bool:
    """``input.is_inference()``: made inside ``inference_mode`` (as ``torch.is_inference``)."""
    return input.is_inference()
