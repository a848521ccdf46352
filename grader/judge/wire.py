"""Read what the kernel sends back, accepting only the forms of ``kernel_agent.wire``.

The kernel is not trusted: a reply is parsed as JSON (never unpickled), its size and depth are
bounded, and each ``$`` form becomes a plain judge-side value. Nothing here calls back into the
kernel or evaluates a name the kernel chose.
"""

from __future__ import annotations

import base64
import builtins
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kernel_agent.wire import ARRAY_DTYPES

MAX_REPLY_BYTES = 64 * 2**20
MAX_ARRAY_ELEMENTS = 4 * 2**20
MAX_DEPTH = 40

#: Python's own exception classes: the only class names of the kernel's errors a message shows.
BUILTIN_ERRORS = frozenset(name for name, value in vars(builtins).items()
                           if isinstance(value, type) and issubclass(value, BaseException))


class WireError(ValueError):
    """The kernel's reply is not of the agreed forms."""


@dataclass(frozen=True)
class ObjectValue:
    """A kernel object with no data form: its reference, class and repr."""

    ref: int
    type: str
    bases: tuple[str, ...]
    name: str | None
    repr: str

    def is_a(self, qualified: str) -> bool:
        return qualified in self.bases or qualified.rsplit(".", 1)[-1] in {b.rsplit(".", 1)[-1] for b in self.bases}


class Withheld(str):
    """Text the student's code made (an error's message): a hidden test compares and searches it
    as itself, but it reads "…" wherever it is shown (``str``, ``repr``, an f-string), so that no
    message of the judge quotes it (SECURITY.md, "No hidden input comes back")."""

    __slots__ = ()

    def __str__(self) -> str:
        return "…"

    def __repr__(self) -> str:
        return "'…'"

    def __format__(self, spec: str) -> str:
        return format("…", spec)


@dataclass(frozen=True)
class ErrorValue:
    """An exception the kernel raised: its class, base classes and message."""

    type: str
    bases: tuple[str, ...]
    message: str

    @property
    def name(self) -> str:
        return self.type.rsplit(".", 1)[-1]

    def is_a(self, name: str) -> bool:
        return any(b == name or b.rsplit(".", 1)[-1] == name for b in self.bases)

    @property
    def shown(self) -> str:
        """The name a student reads: the nearest of Python's own exception classes in its bases.

        The class and its message are the student's code's text, which it may have made from the
        hidden inputs: neither is shown (SECURITY.md, "No hidden input comes back"). A base named
        ``builtins.X`` counts only when X is one of Python's exceptions, so a class that calls
        itself so still shows one of a fixed set of names."""
        for base in self.bases:
            module, _, name = base.rpartition(".")
            if module == "builtins" and name in BUILTIN_ERRORS:
                return name
        return "Exception"

    @property
    def graders(self) -> bool:
        """Whether its message is one of the grader's own sentences (a withheld or stood-in library
        function, a package the chapter's kernel goes without): those are shown, word for word."""
        from grader.judge.grader_text import is_graders

        return is_graders(self.message)

    def __str__(self) -> str:
        return f"{self.shown}: {str.__str__(self.message)}" if self.graders else self.shown


@dataclass(frozen=True)
class TensorValue:
    """A tensor of autograd_lib or torch, read in the kernel: data and autograd facts."""

    library: str
    ref: int
    type: str
    bases: tuple[str, ...]
    data: np.ndarray | ErrorValue
    dtype: str | ErrorValue
    requires_grad: bool | ErrorValue
    is_leaf: bool | ErrorValue
    grad_fn: str | None | ErrorValue
    extra: dict = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, ...] | None:
        return tuple(self.data.shape) if isinstance(self.data, np.ndarray) else None

    def is_a(self, qualified: str) -> bool:
        return qualified in self.bases

    def __repr__(self) -> str:
        return f"<{self.library} tensor of shape {self.shape} {self.dtype}>"


def loads(text: str) -> Any:
    """A reply's JSON text as judge-side values."""
    if len(text) > MAX_REPLY_BYTES:
        raise WireError(f"the kernel's reply is larger than {MAX_REPLY_BYTES // 2**20} MB")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise WireError(f"the kernel's reply is not valid JSON ({type(error).__name__})") from None
    return raw


def decode(value: Any, depth: int = 0) -> Any:
    """One wire value as a judge-side value (see the module doc for what is accepted)."""
    if depth > MAX_DEPTH:
        raise WireError("the kernel's reply is nested too deeply")
    if value is None or type(value) in (bool, str, int):
        return value
    if type(value) is float:
        return value
    if type(value) is list:
        return [decode(v, depth + 1) for v in value]
    if type(value) is not dict or len(value) != 1:
        raise WireError("a wire object has exactly one key")
    (key, body), = value.items()
    if key == "$tuple":
        return tuple(decode(v, depth + 1) for v in _list(body))
    if key == "$dict":
        out = {}
        for pair in _list(body):
            k, v = _list(pair)
            k = decode(k, depth + 1)
            if not isinstance(k, (str, int, float, bool, tuple, type(None))):
                raise WireError("a dict key must be a plain value")
            out[k] = decode(v, depth + 1)
        return out
    if key == "$array":
        return decode_array(body)
    if key == "$complex":
        re, im = _list(body)
        return complex(_number(re), _number(im))
    if key == "$error":
        return _error(body)
    if key == "$obj":
        body = _dict(body)
        return ObjectValue(_int(body.get("ref")), _text(body.get("type")), _texts(body.get("bases")),
                           _text(body["name"]) if body.get("name") is not None else None,
                           _text(body.get("repr", "")))
    if key == "$tensor":
        return _tensor(_dict(body), depth)
    raise WireError(f"unknown wire form {key!r}")


def decode_array(body: Any) -> np.ndarray:
    body = _dict(body)
    dtype = body.get("dtype")
    if dtype not in ARRAY_DTYPES:
        raise WireError(f"an array of dtype {dtype!r} is not accepted")
    shape = tuple(_int(n) for n in _list(body.get("shape")))
    if any(n < 0 for n in shape) or math.prod(shape) > MAX_ARRAY_ELEMENTS:
        raise WireError(f"an array of shape {shape} is not accepted")
    encoded = body.get("b64")
    if type(encoded) is not str:
        raise WireError("an array's bytes are not a string")
    raw = base64.b64decode(encoded, validate=True)
    kind = np.dtype(dtype).newbyteorder("<")
    if len(raw) != math.prod(shape) * kind.itemsize:
        raise WireError("an array's bytes do not match its shape")
    return np.frombuffer(raw, dtype=kind).reshape(shape).astype(np.dtype(dtype))


def _tensor(body: dict, depth: int) -> TensorValue:
    def fact(name, read):
        raw = body.get(name)
        if isinstance(raw, dict) and "$error" in raw:
            return _error(raw["$error"])
        return read(raw)

    library = body.get("library")
    if library not in ("autograd_lib", "torch"):
        raise WireError("a tensor's library must be autograd_lib or torch")
    return TensorValue(
        library=library, ref=_int(body.get("ref")), type=_text(body.get("type")), bases=_texts(body.get("bases")),
        data=fact("data", lambda raw: decode_array(_dict(raw).get("$array"))),
        dtype=fact("dtype", _text), requires_grad=fact("requires_grad", _bool), is_leaf=fact("is_leaf", _bool),
        grad_fn=fact("grad_fn", lambda raw: None if raw is None else _text(raw)),
    )


#: numpy 2's repr of a scalar, ``np.float64(1.0)``, as it appears in numpy's own error messages.
_NUMPY_SCALAR = re.compile(r"\bnp\.(?:float|int|uint|complex|bool_?)\d*\(([^()]*)\)")


def _error(body: Any) -> ErrorValue:
    """An exception from the kernel. Numpy scalars in its message read as the plain numbers they
    hold (``got 'np.float64(1.0)'`` becomes ``got '1.0'``), as every number the judge shows does."""
    body = _dict(body)
    message = _NUMPY_SCALAR.sub(r"\1", _text(body.get("message", "")))
    return ErrorValue(_text(body.get("type")), _texts(body.get("bases")), Withheld(message))


def _list(value: Any) -> list:
    if type(value) is not list:
        raise WireError("expected a list")
    return value


def _dict(value: Any) -> dict:
    if type(value) is not dict:
        raise WireError("expected an object")
    return value


def _text(value: Any) -> str:
    if type(value) is not str:
        raise WireError("expected a string")
    return value[:5000]


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(_text(v) for v in _list(value))[:64]


def _int(value: Any) -> int:
    if type(value) is not int:
        raise WireError("expected an integer")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise WireError("expected true or false")
    return value


class Reference:
    """An object of the kernel's, as the judge holds it (``grader.judge.remote.Remote``): sent as
    its number (``_number``, a slot of the subclass), never as its value."""

    __slots__ = ()


def _number(value: Any) -> float:
    if type(value) not in (int, float):
        raise WireError("expected a number")
    return float(value)


def encode(value: Any) -> Any:
    """A judge-side value as a wire value for the kernel (arguments of calls)."""
    if isinstance(value, Reference):
        return {"$ref": object.__getattribute__(value, "_number")}
    if isinstance(value, (TensorValue, ObjectValue)):
        return {"$ref": value.ref}
    if value is None or type(value) in (bool, str, int, float):
        return value
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    if isinstance(value, complex):
        return {"$complex": [value.real, value.imag]}
    if isinstance(value, np.ndarray):
        from kernel_agent.wire import encode_array

        return encode_array(value)
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, slice):
        return {"$slice": [encode(value.start), encode(value.stop), encode(value.step)]}
    if value is Ellipsis:
        return {"$ellipsis": None}
    raise TypeError(f"the judge cannot send a {type(value).__name__} to the kernel")
