"""The values that cross between the student's kernel and the judge, as JSON.

Both directions use JSON (never pickle). Plain JSON values stand for themselves (lists are
lists). Everything else is an object with one key starting with ``$``:

===============  =============================================================================
``$tuple``       a tuple: a list of values
``$dict``        a dict: a list of ``[key, value]`` pairs
``$array``       a numpy array or scalar: dtype, shape, base64 bytes (C order, little endian)
``$complex``     a complex number: ``[real, imag]``
``$tensor``      a tensor (autograd_lib or torch): its data as an ``$array`` and its autograd
                 facts (``requires_grad``, ``is_leaf``, ``grad_fn`` name, class, reference)
``$obj``         any other object: a reference the judge can use again, its class and its repr
``$error``       an exception raised by a call: class, base classes, message
``$ref``         (judge to kernel) an object the kernel holds, by reference number
``$slice``       (judge to kernel) a slice: ``[start, stop, step]``
===============  =============================================================================

This module holds the shared names and the kernel side (``encode`` of kernel objects,
``decode_arguments`` of what the judge sends). The judge decodes with its own strict reader
(``grader.judge.wire``), which accepts only the forms above.
"""

from __future__ import annotations

import base64
import json
import sys
from typing import Any

#: dtypes an array may have on the wire; anything else is sent as float64.
ARRAY_DTYPES = ("float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8", "bool",
                "complex128", "complex64")
MAX_TEXT = 2000  # characters of a repr or an error message
MAX_DEPTH = 20
MAX_STRING = 100_000  # characters of a string value
TENSOR_LIBRARIES = ("autograd_lib", "torch")


def qualified_name(cls: type) -> str:
    module = getattr(cls, "__module__", None) or "?"
    return f"{module}.{getattr(cls, '__qualname__', getattr(cls, '__name__', '?'))}"


def class_names(cls: type) -> list[str]:
    """The qualified names of ``cls`` and its bases, most derived first."""
    try:
        return [qualified_name(c) for c in cls.__mro__]
    except Exception:
        return [qualified_name(cls)]


def short_text(text: Any) -> str:
    text = str(text)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "..."


def safe_repr(value: Any) -> str:
    try:
        return short_text(repr(value))
    except BaseException as error:  # a student __repr__ may raise anything
        return f"<repr failed: {type(error).__name__}>"


def encode_array(array) -> dict:
    import numpy as np

    array = np.asarray(array)
    if array.dtype.name not in ARRAY_DTYPES:
        try:
            array = array.astype(np.float64)
        except Exception:
            array = np.full(array.shape, np.nan)
    array = np.asarray(array, dtype=array.dtype.newbyteorder("<"), order="C")
    return {"$array": {"dtype": array.dtype.name, "shape": list(array.shape),
                       "b64": base64.b64encode(array.tobytes()).decode("ascii")}}


def decode_array(spec: dict):
    import numpy as np

    dtype = np.dtype(spec["dtype"]).newbyteorder("<")
    data = base64.b64decode(spec["b64"])
    return np.frombuffer(data, dtype=dtype).reshape(spec["shape"]).astype(dtype.newbyteorder("="))


def encode_error(error: BaseException) -> dict:
    return {"$error": {"type": qualified_name(type(error)), "bases": class_names(type(error)),
                       "message": short_text(_error_text(error))}}


def _error_text(error: BaseException) -> str:
    try:
        return str(error)
    except BaseException:
        return f"<{type(error).__name__} whose message could not be read>"


def tensor_library(value: Any) -> str | None:
    """``autograd_lib`` or ``torch`` when ``value`` is one of their tensors, else None."""
    for name in TENSOR_LIBRARIES:
        module = sys.modules.get(name)
        cls = getattr(module, "Tensor", None) if module is not None else None
        if isinstance(cls, type) and isinstance(value, cls):
            return name
    return None


class Encoder:
    """Turn kernel objects into wire values; objects without a data form become references."""

    def __init__(self, remember):
        self.remember = remember  # object -> reference number

    def encode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            return self.reference(value)
        if value is None or type(value) is bool:
            return value
        if type(value) is str:
            return value if len(value) <= MAX_STRING else value[:MAX_STRING]
        if type(value) is int:
            return value if abs(value) < 2**63 else float(value)
        if type(value) is float:
            return value
        if type(value) is complex:
            return {"$complex": [value.real, value.imag]}
        if type(value) in (list, tuple):
            items = [self.encode(v, depth + 1) for v in value]
            return items if type(value) is list else {"$tuple": items}
        if type(value) is dict:
            return {"$dict": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in value.items()]}
        numpy = sys.modules.get("numpy")
        if numpy is not None and isinstance(value, (numpy.ndarray, numpy.generic)):
            return encode_array(value)
        library = tensor_library(value)
        if library is not None:
            return self.tensor(value, library)
        return self.reference(value)

    def reference(self, value: Any) -> dict:
        cls = type(value)
        named = value if isinstance(value, type) else None
        return {"$obj": {"ref": self.remember(value), "type": qualified_name(cls), "bases": class_names(cls),
                         "name": qualified_name(named) if named is not None else None,
                         "repr": safe_repr(value)}}

    def tensor(self, value: Any, library: str) -> dict:
        facts: dict[str, Any] = {"library": library, "ref": self.remember(value),
                                 "type": qualified_name(type(value)), "bases": class_names(type(value))}
        for name, read in (("data", _tensor_data), ("dtype", _dtype_name), ("requires_grad", _flag("requires_grad")),
                           ("is_leaf", _flag("is_leaf")), ("grad_fn", _grad_fn_name)):
            try:
                facts[name] = read(value)
            except BaseException as error:  # a broken tensor is the student's answer, not our crash
                facts[name] = encode_error(error)
        return {"$tensor": facts}


def _tensor_data(value: Any) -> dict:
    import numpy as np

    if type(value).__module__.startswith("torch") or tensor_library(value) == "torch":
        return encode_array(value.detach().cpu().resolve_conj().resolve_neg().numpy())
    data = value.data
    if not isinstance(data, np.ndarray) and not isinstance(data, np.generic):
        raise TypeError(f"the tensor's .data is a {type(data).__name__}, not a numpy array")
    return encode_array(data)


def _dtype_name(value: Any) -> str:
    return str(value.dtype).replace("torch.", "")


def _flag(name: str):
    def read(value: Any) -> bool:
        return bool(getattr(value, name))

    return read


def _grad_fn_name(value: Any) -> str | None:
    node = value.grad_fn
    if node is None:
        return None
    name = getattr(node, "name", None)
    return short_text(name() if callable(name) else type(node).__name__)


def dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True, separators=(",", ":"))


def decode_arguments(value: Any, resolve) -> Any:
    """What the judge sent, as kernel objects: references are looked up with ``resolve``."""
    if isinstance(value, list):
        return [decode_arguments(v, resolve) for v in value]
    if not isinstance(value, dict):
        return value
    if len(value) != 1:
        raise ValueError("a wire object has exactly one key")
    (key, body), = value.items()
    if key == "$tuple":
        return tuple(decode_arguments(v, resolve) for v in body)
    if key == "$dict":
        return {decode_arguments(k, resolve): decode_arguments(v, resolve) for k, v in body}
    if key == "$array":
        return decode_array(body).copy()
    if key == "$complex":
        return complex(*body)
    if key == "$ref":
        return resolve(body)
    if key == "$slice":
        return slice(*[decode_arguments(v, resolve) for v in body])
    if key == "$ellipsis":
        return Ellipsis
    raise ValueError(f"unknown wire form {key!r}")
