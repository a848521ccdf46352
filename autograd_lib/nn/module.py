"""``Module``: the base class of layers and networks, with PyTorch's registration rules.

A module keeps three ordered dicts: ``_parameters`` (learnable ``Parameter``s), ``_buffers``
(state that is saved but not learned) and ``_modules`` (submodules). ``__setattr__`` files each
assigned value into the right one, so ``self.weight = Parameter(...)`` or
``self.layer = Linear(...)`` is all a subclass needs; ``__getattr__`` finds them again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

import numpy as np

from autograd_lib.nn.parameter import Parameter
from autograd_lib.tensor import Tensor


class IncompatibleKeys(NamedTuple):
    """What ``load_state_dict(strict=False)`` returns: keys it missed and keys it did not use."""

    missing_keys: list[str]
    unexpected_keys: list[str]


class Module:
    """Base class of every layer and network. Subclasses call ``super().__init__()`` first,
    assign parameters and submodules as attributes, and define ``forward``; ``module(x)`` runs it.

    Attributes:
        training: True in training mode (``train()``), False in evaluation mode (``eval()``).
    """

    training: bool

    def __init__(self) -> None:
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers", set())
        object.__setattr__(self, "_modules", OrderedDict())

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        """The computation of this module; every subclass defines it."""
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.forward(*args, **kwargs)

    # ------------------------------------------------------------------ registration
    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, in PyTorch's order: a Parameter, or any value for a registered
        parameter name, goes through register_parameter; then a Module is registered as a
        submodule; a registered submodule or buffer name keeps its registry (None allowed); any
        other value becomes a plain attribute."""
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self.__dict__.get("_modules", {}):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", {}):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        """Called only when normal lookup fails: look in parameters, buffers, submodules."""
        for registry in ("_parameters", "_buffers", "_modules"):
            values = self.__dict__.get(registry, {})
            if name in values:
                return values[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for registry in ("_parameters", "_buffers", "_modules"):
            if name in self.__dict__.get(registry, {}):
                del self.__dict__[registry][name]
                return
        object.__delattr__(self, name)

    def _check_registration(self, kind: str, name: str) -> None:
        """The checks shared by ``register_parameter``, ``register_buffer``, ``add_module``."""
        if "_parameters" not in self.__dict__:
            raise AttributeError(f"cannot assign {kind} before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string, got {type(name).__name__}")
        if name == "" or "." in name:
            raise KeyError(f'{kind} name can\'t be empty or contain ".", got: "{name}"')
        own = {"parameter": "_parameters", "buffer": "_buffers", "module": "_modules"}[kind]
        for registry in ("_parameters", "_buffers", "_modules"):
            if registry != own:  # a name stays in its own registry: its place in the order is kept
                self.__dict__[registry].pop(name, None)
        self.__dict__.pop(name, None)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        """Register ``param`` under ``name``. ``None`` records an absent optional parameter
        (``register_parameter('bias', None)``): ``self.bias`` is None and it is not listed."""
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(
                f"cannot assign '{type(param).__name__}' object to parameter '{name}' "
                "(autograd_lib.nn.Parameter or None required)"
            )
        self._check_registration("parameter", name)
        self._parameters[name] = param

    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """Register a Tensor that is module state but not learned (e.g. running statistics):
        listed by ``buffers()`` and saved in ``state_dict`` (if ``persistent``), never by
        ``parameters()``."""
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"cannot assign '{type(tensor).__name__}' object to buffer '{name}' (Tensor or None required)"
            )
        self._check_registration("buffer", name)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers.discard(name)
        else:
            self._non_persistent_buffers.add(name)

    def add_module(self, name: str, module: Module | None) -> None:
        """Register ``module`` as a submodule called ``name`` (what ``self.name = module`` does)."""
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{type(module).__name__} is not a Module subclass")
        self._check_registration("module", name)
        self._modules[name] = module

    register_module = add_module

    # ------------------------------------------------------------------ iteration
    def named_modules(self, prefix: str = "", memo: set[Module] | None = None) -> Iterator[tuple[str, Module]]:
        """``(name, module)`` for this module (name ``prefix``) and every descendant, depth first,
        each module once."""
        memo = set() if memo is None else memo
        if self in memo:
            return
        memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                yield from module.named_modules(f"{prefix}.{name}" if prefix else name, memo)

    def modules(self) -> Iterator[Module]:
        """This module and every descendant (see ``named_modules``)."""
        for _, module in self.named_modules():
            yield module

    def named_children(self) -> Iterator[tuple[str, Module]]:
        """``(name, module)`` for the direct submodules."""
        for name, module in self._modules.items():
            if module is not None:
                yield name, module

    def children(self) -> Iterator[Module]:
        """The direct submodules."""
        for _, module in self.named_children():
            yield module

    def _named_members(self, registry: str, prefix: str, recurse: bool) -> Iterator[tuple[str, Any]]:
        """``(dotted name, value)`` of one registry over this module (and descendants), each
        value once even when it is shared."""
        seen: set[int] = set()
        modules = self.named_modules(prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, value in module.__dict__[registry].items():
                if value is None or id(value) in seen:
                    continue
                seen.add(id(value))
                yield (f"{module_prefix}.{name}" if module_prefix else name), value

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> Iterator[tuple[str, Parameter]]:
        """``(name, parameter)`` pairs, names dotted like torch's (``0.weight``, ``layers.1.bias``)."""
        yield from self._named_members("_parameters", prefix, recurse)

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        """Every parameter of this module and its descendants (each once), in registration order."""
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(self, prefix: str = "", recurse: bool = True) -> Iterator[tuple[str, Tensor]]:
        """``(name, buffer)`` pairs (see ``named_parameters``)."""
        yield from self._named_members("_buffers", prefix, recurse)

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        """Every buffer of this module and its descendants."""
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    # ------------------------------------------------------------------ state
    def state_dict(self, prefix: str = "") -> OrderedDict[str, Tensor]:
        """Parameters and persistent buffers by dotted name, as detached Tensors sharing the
        data (so saving them and loading them back restores the module)."""
        state: OrderedDict[str, Tensor] = OrderedDict()
        for name, value in self._parameters.items():
            if value is not None:
                state[prefix + name] = value.detach()
        for name, value in self._buffers.items():
            if value is not None and name not in self._non_persistent_buffers:
                state[prefix + name] = value.detach()
        for name, module in self._modules.items():
            if module is not None:
                state.update(module.state_dict(prefix=f"{prefix}{name}."))
        return state

    def load_state_dict(self, state_dict: Mapping[str, Any], strict: bool = True) -> IncompatibleKeys:
        """Copy values into this module's parameters and buffers, in place.

        Values may be autograd_lib Tensors, numpy arrays or torch tensors (so
        ``model.load_state_dict(torch_model.state_dict())`` copies torch's weights). A shape
        mismatch is always an error; with ``strict`` (the default) so are missing and
        unexpected keys. The error lists every problem, naming the keys.
        """
        from autograd_lib.testing import to_numpy

        own = self.state_dict()
        missing = [key for key in own if key not in state_dict]
        unexpected = [key for key in state_dict if key not in own]
        errors = []
        for key, target in own.items():
            if key in state_dict:
                value = to_numpy(state_dict[key])
                if value.shape != target.shape:
                    errors.append(
                        f"size mismatch for {key}: copying a param with shape {tuple(value.shape)} from "
                        f"checkpoint, the shape in current model is {tuple(target.shape)}."
                    )
        if strict and unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: " + ", ".join(f'"{k}"' for k in unexpected) + ".")
        if strict and missing:
            errors.insert(0, "Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ".")
        if errors:
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" + "\n\t".join(errors)
            )
        for key, target in own.items():
            if key in state_dict:
                target.data[...] = to_numpy(state_dict[key])
        return IncompatibleKeys(missing, unexpected)

    # ------------------------------------------------------------------ training helpers
    def zero_grad(self, set_to_none: bool = True) -> None:
        """Reset the gradients of all parameters: to None (the default, as in torch) or to zeros."""
        for param in self.parameters():
            if param.grad is None:
                continue
            if set_to_none:
                param.grad = None
            else:
                param.grad = Tensor(np.zeros_like(param.data))

    def train(self, mode: bool = True) -> Module:
        """Set training mode (``mode=True``) or evaluation mode on this module and its
        descendants; returns ``self``."""
        for module in self.modules():
            object.__setattr__(module, "training", bool(mode))
        return self

    def eval(self) -> Module:
        """``train(False)``: evaluation mode. Returns ``self``."""
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        """Set ``requires_grad`` of every parameter (False freezes the module); returns ``self``."""
        for param in self.parameters():
            param.requires_grad = requires_grad
        return self

    def apply(self, fn: Callable[[Module], Any]) -> Module:
        """Call ``fn`` on every submodule (children first) and then on ``self``; returns ``self``
        (e.g. ``model.apply(init_weights)``)."""
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def to(self, dtype: Any) -> Module:
        """Cast every floating parameter and buffer to ``dtype`` in place (the objects stay the
        same, so an optimizer made before still holds them); returns ``self``."""
        for tensor in [*self.parameters(), *self.buffers()]:
            if np.issubdtype(tensor.dtype, np.floating):
                tensor.data = tensor.data.astype(dtype)
                if tensor.grad is not None:
                    tensor.grad = tensor.grad.to(dtype)
        return self

    def double(self) -> Module:
        """``to(float64)``."""
        return self.to(np.float64)

    def float(self) -> Module:
        """``to(float32)``."""
        return self.to(np.float32)

    # ------------------------------------------------------------------ printing
    def extra_repr(self) -> str:
        """The text between the parentheses of this module's ``repr`` (subclasses set it)."""
        return ""

    def __repr__(self) -> str:
        """PyTorch's layout: ``Name(extra)`` or, with submodules, one indented ``(name): ...``
        line per child."""
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [
            f"({name}): " + repr(module).replace("\n", "\n  ") for name, module in self._modules.items()
        ]
        lines = extra_lines + child_lines
        if not lines:
            return f"{type(self).__name__}()"
        if len(extra_lines) == 1 and not child_lines:
            return f"{type(self).__name__}({extra_lines[0]})"
        return f"{type(self).__name__}(\n  " + "\n  ".join(lines) + "\n)"

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self._parameters, *self._buffers, *self._modules})
