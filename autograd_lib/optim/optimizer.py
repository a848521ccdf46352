"""``Optimizer``: the base class of update rules; it holds parameter groups and per-parameter state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from autograd_lib.tensor import Tensor


class Optimizer:
    """Holds ``param_groups`` (a list of dicts: ``"params"`` plus the hyperparameters) and
    ``state`` (a dict from parameter to its state, e.g. a momentum buffer).

    ``params`` is an iterable of Tensors, or of dicts ``{"params": [...], "lr": ...}`` whose
    missing hyperparameters are taken from ``defaults``. Subclasses define ``step``.
    """

    def __init__(self, params: Iterable[Any], defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        self.state: dict[Tensor, dict[str, Any]] = {}
        self.param_groups: list[dict[str, Any]] = []
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        """Add a group of parameters with its own hyperparameters (defaults fill the rest)."""
        params = param_group["params"]
        params = [params] if isinstance(params, Tensor) else list(params)
        for p in params:
            if not isinstance(p, Tensor):
                raise TypeError(f"optimizer can only optimize Tensors, but one of the params is {type(p).__name__}")
            if not p.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in seen for p in params):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append({**self.defaults, **param_group, "params": params})

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Reset the gradient of every parameter: to None (the default, as in torch) or zeros."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad = None if set_to_none else Tensor(p.grad.data * 0)

    def step(self) -> None:
        """Update every parameter that has a gradient (defined by each optimizer)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        lines = [f"{type(self).__name__} ("]
        for i, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            lines += [f"    {key}: {value}" for key, value in sorted(group.items()) if key != "params"]
        return "\n".join(lines) + "\n)"
