"""A fresh copy of ``autograd_lib``: new module objects loaded from the installed files.

The copy's modules live outside ``sys.modules`` except inside ``Engine.active()``, which puts
them there (and the installed ones back afterwards), so that imports made while it runs (a
function's ``from autograd_lib.engine import backward``) reach the copy. Changing the copy's
functions and classes never changes the installed library, on disk or in memory.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

PACKAGE = "autograd_lib"


def _ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


@dataclass
class Engine:
    """A copy of autograd_lib's modules, by dotted name."""

    modules: dict[str, types.ModuleType] = field(default_factory=dict)

    @contextmanager
    def active(self) -> Iterator[types.ModuleType]:
        """``sys.modules`` holds this copy inside the block; the root package is yielded."""
        saved = {name: module for name, module in sys.modules.items() if _ours(name)}
        for name in saved:
            del sys.modules[name]
        sys.modules.update(self.modules)
        try:
            yield self.modules.get(PACKAGE) or sys.modules.get(PACKAGE)
        finally:
            for name in [n for n in sys.modules if _ours(n)]:
                module = sys.modules.pop(name)
                self.modules.setdefault(name, module)  # a module first imported inside the block
            sys.modules.update(saved)

    def module_of(self, dotted: str) -> tuple[types.ModuleType, str]:
        """``autograd_lib.ops.arithmetic.Mul`` -> (that module of the copy, ``Mul``)."""
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = self.modules.get(".".join(parts[:cut]))
            if module is not None:
                return module, ".".join(parts[cut:])
        raise LookupError(f"{dotted} is in no module of autograd_lib")


def fresh_engine() -> Engine:
    """Load every module of autograd_lib again, as new objects (module doc)."""
    engine = Engine()
    with engine.active():
        root = importlib.import_module(PACKAGE)
        for info in pkgutil.walk_packages(root.__path__, PACKAGE + "."):
            if info.name.rsplit(".", 1)[-1].startswith("_") and info.name.count(".") > 1:
                continue
            try:
                importlib.import_module(info.name)
            except ImportError:  # an optional part (a torch bridge) without its package
                continue
    return engine
