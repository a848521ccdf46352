"""Neural-network building blocks with ``torch.nn``'s names: ``Parameter``, ``Module``,
layers, containers, activations and losses; ``functional`` (stateless versions, including
``LinearFunction``) and ``init`` (weight initialisation)."""

from autograd_lib.nn import functional, init
from autograd_lib.nn.activation import Identity, LogSoftmax, ReLU, Sigmoid, Softmax, Tanh
from autograd_lib.nn.container import ModuleList, Sequential
from autograd_lib.nn.linear import Linear
from autograd_lib.nn.loss import CrossEntropyLoss, MSELoss, NLLLoss
from autograd_lib.nn.mlp import MLP
from autograd_lib.nn.module import IncompatibleKeys, Module
from autograd_lib.nn.parameter import Parameter

__all__ = [
    "CrossEntropyLoss", "Identity", "IncompatibleKeys", "Linear", "LogSoftmax", "MLP", "MSELoss",
    "Module", "ModuleList", "NLLLoss", "Parameter", "ReLU", "Sequential", "Sigmoid", "Softmax",
    "Tanh", "functional", "init",
]
