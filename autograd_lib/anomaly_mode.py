"""Anomaly mode: find the forward operation behind an error in the backward pass.

An error in backward (``one of the variables needed for gradient computation has been modified by
an inplace operation``, a shape error in a custom Function, a NaN) is raised by a backward node,
far from the line that made it. In anomaly mode, as in torch:

- every recorded ``Function.apply`` keeps where it was called, ``grad_fn.metadata["traceback_"]``;
- when a node's backward raises, the engine first warns ``Error detected in MulBackward.
  Traceback of forward call that caused the error:`` followed by that traceback, then re-raises;
- with ``check_nan`` (the default), a backward that returns NaN is an error naming the node and
  the output: ``Function 'SqrtBackward' returned nan values in its 0th output.``

Use it as ``with autograd_lib.autograd.detect_anomaly(): ...``, as a decorator, or switch it with
``set_detect_anomaly(True)``. It costs a traceback per operation, so it is for debugging only.
"""

from __future__ import annotations

import functools
import os
import traceback
import warnings
from collections.abc import Callable
from typing import Any

_enabled = False
_check_nan = True
_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_ENGINE_FILES = {os.path.join(_PACKAGE, name) for name in ("function.py", "tensor.py", "views.py", "functions.py")}
_ENGINE_FILES |= {os.path.join(_PACKAGE, "ops", name) for name in os.listdir(os.path.join(_PACKAGE, "ops"))}


def is_anomaly_enabled() -> bool:
    """True inside ``detect_anomaly()`` (or after ``set_detect_anomaly(True)``)."""
    return _enabled


def is_anomaly_check_nan_enabled() -> bool:
    """True when anomaly mode also checks backward outputs for NaN."""
    return _check_nan


def _set(mode: bool, check_nan: bool) -> tuple[bool, bool]:
    global _enabled, _check_nan
    previous = (_enabled, _check_nan)
    _enabled, _check_nan = bool(mode), bool(check_nan)
    return previous


class detect_anomaly:
    """Context manager and decorator that turns anomaly mode on (see the module doc)."""

    def __init__(self, check_nan: bool = True) -> None:
        self.check_nan = check_nan
        self._previous: list[tuple[bool, bool]] = []

    def __enter__(self) -> None:
        warnings.warn(
            "Anomaly Detection has been enabled. This mode will increase the runtime and should "
            "only be enabled for debugging.",
            stacklevel=2,
        )
        self._previous.append(_set(True, self.check_nan))

    def __exit__(self, *exc: object) -> None:
        _set(*self._previous.pop())

    def __call__(self, func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.__class__(self.check_nan):
                return func(*args, **kwargs)

        return wrapper


class set_detect_anomaly:
    """Turn anomaly mode on or off at once; as a context manager, restore it on exit."""

    def __init__(self, mode: bool, check_nan: bool = True) -> None:
        self._previous = _set(mode, check_nan)

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc: object) -> None:
        _set(*self._previous)


def forward_traceback() -> str:
    """The Python stack of the current forward call, without autograd_lib's own innermost frames
    (it ends at the line of the program that called the operation)."""
    frames = traceback.extract_stack()
    while frames and os.path.abspath(frames[-1].filename) in _ENGINE_FILES | {os.path.abspath(__file__)}:
        frames.pop()
    return "".join(traceback.format_list(frames))


def report_error(node: Any) -> None:
    """The warning torch gives before re-raising an error of ``node``'s backward."""
    trace = node.metadata.get("traceback_") if hasattr(node, "metadata") else None
    if trace is None:
        warnings.warn(
            f"Error detected in {node.name()}. No forward pass information available. Enable "
            "detect anomaly during forward pass for more information.",
            stacklevel=3,
        )
        return
    warnings.warn(
        f"Error detected in {node.name()}. Traceback of forward call that caused the error:\n{trace}",
        stacklevel=3,
    )


def check_nan(node: Any, grads: Any) -> None:
    """Raise if a gradient returned by ``node`` holds NaN (anomaly mode with ``check_nan``)."""
    import numpy as np

    for i, g in enumerate(grads):
        if g is not None and g.dtype.kind == "f" and np.isnan(g.data).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")
