"""Grad mode: a global switch that says whether operations are recorded in the graph.

``no_grad()`` turns recording off (inference, optimizer updates, the forward of a ``Function``);
``enable_grad()`` turns it back on; ``set_grad_enabled(mode)`` sets it explicitly. Each is a
context manager and a function decorator, as in PyTorch::

    with no_grad():
        y = x * 2          # y.requires_grad is False, y.grad_fn is None

    @no_grad()
    def update(p): ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_grad_enabled = True


def is_grad_enabled() -> bool:
    """Return True when new operations are recorded in the autograd graph."""
    return _grad_enabled


def _set_grad_enabled(mode: bool) -> None:
    global _grad_enabled
    _grad_enabled = bool(mode)


class _GradModeContext:
    """Base class: a context manager that sets grad mode, also usable as a decorator."""

    _mode: bool

    def __new__(cls, func: Callable[..., Any] | None = None, *args: Any, **kwargs: Any) -> Any:
        # Allow the bare decorator form ``@no_grad`` as well as ``@no_grad()``.
        if callable(func):
            return cls()(func)
        return super().__new__(cls)

    def __init__(self) -> None:
        self._previous: list[bool] = []

    def __enter__(self) -> None:
        self._previous.append(is_grad_enabled())
        _set_grad_enabled(self._mode)

    def __exit__(self, *exc: object) -> None:
        _set_grad_enabled(self._previous.pop())

    def __call__(self, func: F) -> F:
        """Decorate ``func`` so that it runs inside this context."""

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.__class__():  # a fresh context per call, so recursion is safe
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class no_grad(_GradModeContext):
    """Context manager / decorator that disables recording: results have ``requires_grad=False``."""

    _mode = False


class enable_grad(_GradModeContext):
    """Context manager / decorator that enables recording (e.g. inside a ``no_grad`` block)."""

    _mode = True


class set_grad_enabled(_GradModeContext):
    """Set grad mode to ``mode``. Takes effect immediately (like ``torch.set_grad_enabled``),
    and restores the previous mode on exit when used as a context manager."""

    def __init__(self, mode: bool) -> None:
        super().__init__()
        self._mode = bool(mode)
        self._previous.append(is_grad_enabled())
        _set_grad_enabled(self._mode)

    def __enter__(self) -> None:
        pass  # the mode was already set in __init__; the base __exit__ restores it

    def __call__(self, func: F) -> F:
        """Decorate ``func`` so that it runs with grad mode set to ``mode``."""
        _set_grad_enabled(self._previous.pop())  # the decorator form must not change the mode now
        mode = self._mode

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with set_grad_enabled(mode):
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]
