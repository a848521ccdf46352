"""``autograd_lib.autograd``: the names PyTorch keeps under ``torch.autograd``.

``Function``, ``backward``, ``grad``, ``gradcheck``, ``gradgradcheck``, grad-mode switches, anomaly
mode (``detect_anomaly``, ``set_detect_anomaly``), ``inference_mode``;
``autograd_lib.autograd.function`` mirrors ``torch.autograd.function`` (``once_differentiable``),
``autograd_lib.autograd.graph`` mirrors ``torch.autograd.graph`` (``saved_tensors_hooks``).
"""

from autograd_lib.anomaly_mode import detect_anomaly, is_anomaly_enabled, set_detect_anomaly
from autograd_lib.autograd import function, graph
from autograd_lib.engine import backward, grad
from autograd_lib.function import Function, FunctionCtx, once_differentiable
from autograd_lib.grad_mode import enable_grad, no_grad, set_grad_enabled
from autograd_lib.gradcheck import GradcheckError, gradcheck, gradgradcheck
from autograd_lib.inference import inference_mode

__all__ = [
    "Function",
    "FunctionCtx",
    "GradcheckError",
    "backward",
    "detect_anomaly",
    "enable_grad",
    "function",
    "grad",
    "gradcheck",
    "gradgradcheck",
    "graph",
    "inference_mode",
    "is_anomaly_enabled",
    "no_grad",
    "once_differentiable",
    "set_detect_anomaly",
    "set_grad_enabled",
]
