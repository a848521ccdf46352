"""Containers: ``Sequential`` (modules applied in order) and ``ModuleList`` (a registered list)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Self

from autograd_lib.nn.module import Module


class _ModuleSequence(Module):
    """Submodules named ``"0"``, ``"1"``, ... in order: length, iteration, indexing, ``append``."""

    def _of(self, modules: list[Module]) -> Module:
        """A new container of this type holding ``modules`` (what a slice returns)."""
        raise NotImplementedError

    def __getitem__(self, index: int | slice) -> Any:
        modules = list(self._modules.values())
        return self._of(modules[index]) if isinstance(index, slice) else modules[index]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def append(self, module: Module) -> Self:
        """Add ``module`` at the end; returns ``self``."""
        self.add_module(str(len(self)), module)
        return self


class Sequential(_ModuleSequence):
    """``Sequential(m0, m1, ...)(x) = ...m1(m0(x))``. Submodules are named ``"0"``, ``"1"``,
    ..., so parameter names read ``0.weight``, ``2.bias``. Indexing gives a module (or, with a
    slice, a new Sequential of the same modules)."""

    def __init__(self, *modules: Module) -> None:
        super().__init__()
        for module in modules:
            self.append(module)

    def _of(self, modules: list[Module]) -> Sequential:
        return Sequential(*modules)

    def forward(self, input: Any) -> Any:
        """Apply every module in order."""
        for module in self:
            input = module(input)
        return input


class ModuleList(_ModuleSequence):
    """A list of modules whose parameters are registered (a plain Python list would hide them).
    It has no ``forward``: iterate over it in the owner's ``forward``."""

    def __init__(self, modules: Iterable[Module] = ()) -> None:
        super().__init__()
        for module in modules:
            self.append(module)

    def _of(self, modules: list[Module]) -> ModuleList:
        return ModuleList(modules)
