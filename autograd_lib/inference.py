"""``inference_mode``: ``no_grad`` plus a promise that what is made inside never meets autograd.

``no_grad()`` only stops recording: a tensor made under it is an ordinary tensor that may later
be saved for backward or changed in place. ``inference_mode()`` stops recording too, and marks
every tensor made inside it as an *inference tensor* (``t.is_inference()``). In exchange, torch
skips the bookkeeping (version counters, view tracking) for them; the library keeps the promise
the same way torch does, with torch's errors, outside inference mode:

- saving an inference tensor for backward (an op that records and needs its values);
- changing an inference tensor in place;
- setting ``requires_grad=True`` on one.

``clone()`` outside inference mode makes an ordinary tensor again. ``inference_mode(False)`` turns
inference mode off and recording on, inside it (as torch's, even under ``no_grad``). Context
manager and decorator (``@inference_mode`` or ``@inference_mode()``), as in torch.

One difference: an in-place change refused on an inference tensor leaves it unchanged (torch
2.13 writes, then raises).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from autograd_lib.grad_mode import _set_grad_enabled, is_grad_enabled

F = TypeVar("F", bound=Callable[..., Any])

SAVE_MESSAGE = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference "
    "mode in computation tracked by autograd. To work around this, you can make a clone to get a "
    "normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`."
)
INPLACE_MESSAGE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone "
    "to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 "
    "for more details."
)
REQUIRES_GRAD_MESSAGE = "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."

_inference_mode = False


def is_inference_mode_enabled() -> bool:
    """True inside ``inference_mode()``: tensors made now are inference tensors."""
    return _inference_mode


class inference_mode:
    """Context manager / decorator: no recording, and every tensor made inside is an inference
    tensor (see the module doc). ``inference_mode(False)``: off, with recording on."""

    def __new__(cls, mode: Any = True) -> Any:
        if callable(mode):  # the bare decorator form ``@inference_mode``
            return cls()(mode)
        return super().__new__(cls)

    def __init__(self, mode: bool = True) -> None:
        self.mode = bool(mode)
        self._previous: list[tuple[bool, bool]] = []

    def __enter__(self) -> None:
        global _inference_mode
        self._previous.append((_inference_mode, is_grad_enabled()))
        _inference_mode = self.mode
        _set_grad_enabled(not self.mode)

    def __exit__(self, *exc: object) -> None:
        global _inference_mode
        _inference_mode, grad = self._previous.pop()
        _set_grad_enabled(grad)

    def __call__(self, func: F) -> F:
        """Decorate ``func`` so that it runs inside this context."""
        mode = self.mode

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with inference_mode(mode):
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


def check_saved_not_inference(saved: Iterable[Any]) -> None:
    """torch's error when a recorded op saves an inference tensor for backward."""
    if any(t is not None and t._is_inference for t in saved):
        raise RuntimeError(SAVE_MESSAGE)


def check_inplace_not_inference(tensor: Any) -> None:
    """torch's error when an inference tensor (or a view of one) is changed in place outside
    inference mode."""
    if tensor.is_inference() and not _inference_mode:
        raise RuntimeError(INPLACE_MESSAGE)


def check_requires_grad_not_inference(tensor: Any, value: bool) -> None:
    """torch's error when ``requires_grad=True`` is set on an inference tensor outside it."""
    if value and tensor.is_inference() and not _inference_mode:
        raise RuntimeError(REQUIRES_GRAD_MESSAGE)
