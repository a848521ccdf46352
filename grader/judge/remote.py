"""References to the student's objects, and the queue of operations on them.

``Remote`` stands for an object in the kernel. Reading an attribute, calling, indexing or using
an operator on it does not wait for the kernel: the operation is queued under a new reference
number and a new ``Remote`` is returned at once. The queue goes to the kernel in one batch when
the judge needs an answer (``fetch``, ``raises``, the end of a test), so a test of a hundred
lines costs a few round trips, and still runs in the kernel in exactly the order it was written.

A ``Remote`` has no truth value, no equality and no length: deciding anything about a student's
object takes a ``fetch``, which turns it into plain data (``grader.judge.wire``). That is the
rule that keeps every verdict on the judge's side.
"""

from __future__ import annotations

import time
from typing import Any

from grader.judge import wire
from kernel_agent.wire import dumps

SUMMARY_WIDTH = 80


#: What usually lies behind an exception, said to the student after it.
HINTS = {
    "NotImplementedError": "the answer cell still raises NotImplementedError: replace it with your code",
    "NameError": "a name your code needs is not defined when this test runs (run your answer cell; "
                 "check its spelling)",
    "RecursionError": "the code recursed too deeply: use a loop with an explicit stack",
}

#: Said after any other error: its message is the student's code's text, made from hidden inputs.
WITHHELD = "its message is not shown: it could carry the hidden inputs"


class StudentError(Exception):
    """An operation on the student's objects raised an exception in the kernel."""

    def __init__(self, label: str, error: wire.ErrorValue):
        self.label, self.error = label, error
        super().__init__(self.describe())

    def describe(self) -> str:
        """What the student reads: the call and the error's class, never its message (SECURITY.md)."""
        if self.error.graders:  # the grader's own sentence says what to change
            return f"{self.label} raised {self.error}"
        hint = HINTS.get(self.error.shown, WITHHELD)
        return f"{self.label} raised {self.error}" + f" ({hint})"


class KernelTimeout(Exception):
    """The kernel did not answer in time (the student's code ran too long)."""


class KernelGone(Exception):
    """The kernel died or stopped answering while the judge waited for it."""


class JudgeMisuse(TypeError):
    """A hidden test used a ``Remote`` as if it were data (a bug of the test, not the student)."""


class Session:
    """The operations of one test cell against one channel, and their reference numbers."""

    def __init__(self, channel, deadline: float, recorder=None, *, clock=time.monotonic):
        self.channel, self.deadline, self.clock = channel, deadline, clock  # deadline: in ``clock``'s seconds
        self._ops: list[dict] = []
        self._labels: list[str] = []
        self._next = 1
        self._reset_pending = True
        self.round_trips = 0
        self.recorder = recorder  # a diagnosis run: every fetched value is noted (``diagnose.Recorder``)

    # -- building operations ----------------------------------------------------------------

    def make(self, op: dict, label: str) -> Remote:
        number = self._next
        self._next += 1
        self.queue({**op, "out": number}, label)
        return Remote(self, number, label)

    def queue(self, op: dict, label: str) -> None:
        self._ops.append(op)
        self._labels.append(label)

    def global_(self, name: str) -> Remote:
        return self.make({"op": "global", "name": name}, name)

    def module(self, name: str) -> Remote:
        return self.make({"op": "import", "name": name}, name)

    def value(self, value: Any, label: str = "a value") -> Remote:
        return self.make({"op": "value", "value": wire.encode(value)}, label)

    def helpers(self, source: str) -> Remote:
        return self.make({"op": "exec", "source": source}, "")

    def ref(self, value: wire.TensorValue | wire.ObjectValue, label: str | None = None) -> Remote:
        """A ``Remote`` for an object fetched earlier (a node in a fetched list, say)."""
        return Remote(self, value.ref, label or _value_label(value))

    # -- running ------------------------------------------------------------------------------

    def flush(self, fetches: list[Remote] = (), *, expect_error: bool = False):
        """Send the queue; return the fetched values (and, with ``expect_error``, the first error)."""
        keys = []
        for remote in fetches:
            key = f"f{len(keys)}"
            self.queue({"op": "fetch", "obj": remote._number, "out": key}, f"reading {remote._label}")
            keys.append(key)
        ops, labels = self._ops, self._labels
        self._ops, self._labels = [], []
        if not ops and not self._reset_pending:
            return ([], None) if expect_error else []
        batch = {"ops": ops}
        if self._reset_pending:
            batch["reset"] = True
            self._reset_pending = False
        remaining = self.deadline - self.clock()
        if remaining <= 0:
            raise KernelTimeout("the test's time budget was used up")
        self.round_trips += 1
        reply = self.channel.request(dumps(batch), remaining)
        raw = wire.loads(reply)
        if type(raw) is not dict:
            raise wire.WireError("the kernel's reply is not an object")
        results = raw.get("results") or {}
        if type(results) is not dict:
            raise wire.WireError("the kernel's results are not an object")
        failure = raw.get("failure")
        error = None
        if failure is not None:
            index = failure.get("index") if type(failure) is dict else None
            if type(index) is not int or not 0 <= index < len(ops):
                raise wire.WireError("the kernel's reply names no operation that failed")
            error_value = wire.decode(failure.get("error"))
            if not isinstance(error_value, wire.ErrorValue):
                raise wire.WireError("the kernel's failure is not an error")
            if error_value.is_a("KeyboardInterrupt"):
                raise KernelTimeout(f"{labels[index]} was interrupted at the time limit")
            if not expect_error:
                raise StudentError(labels[index], error_value)
            error = error_value
        elif type(raw.get("ran")) is not int or raw["ran"] != len(ops):
            raise wire.WireError("the kernel did not run every operation of the batch")
        values = [wire.decode(results[k]) if k in results else _missing(k) for k in keys] if error is None else []
        return (values, error) if expect_error else values

    def fetch(self, *remotes: Remote) -> list:
        values = self.flush(list(remotes))
        if self.recorder is not None:
            self.recorder.observe(values)
        return values

    def close(self) -> None:
        """Run what is still queued (its errors count)."""
        if self._ops:
            self.flush()

    def settle(self) -> None:
        """After a failure: run what is still queued (the exits of contexts the test was in),
        ignoring its errors, so the kernel is left as the next test expects."""
        if self._ops and self.clock() < self.deadline:
            try:
                self.flush(expect_error=True)
            except Exception:  # the verdict is already decided; the kernel may be gone
                pass


def _missing(key: str):
    raise wire.WireError(f"the kernel's reply lacks {key}")


def _value_label(value) -> str:
    if isinstance(value, wire.TensorValue):
        return f"a {value.library} tensor of shape {value.shape}"
    return value.name or f"a {value.type.rsplit('.', 1)[-1]}"


def summary(value: Any) -> str:
    """A short description of an argument, for messages: shapes, not values."""
    import numpy as np

    if isinstance(value, Remote):
        return shortened(value._label)
    if isinstance(value, np.ndarray):
        return f"an array of shape {_shape(value.shape)}"
    if isinstance(value, (wire.TensorValue, wire.ObjectValue)):
        return _value_label(value)
    if isinstance(value, (list, tuple)):
        inner = ", ".join(summary(v) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner},)" if len(value) == 1 else f"({inner})"
    text = repr(value)
    return text if len(text) <= SUMMARY_WIDTH else text[:SUMMARY_WIDTH] + "..."


def shortened(label: str) -> str:
    """``label`` cut to about ``SUMMARY_WIDTH`` characters between two whole arguments of its call
    (``random_graph([an array of shape (2,), an array of shape (2,), ...])``), never inside one: a
    message names each value by a whole phrase, which a translated edition translates."""
    if len(label) <= SUMMARY_WIDTH:
        return label
    depth, at = 0, None
    for where, ch in enumerate(label[:SUMMARY_WIDTH]):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if ch == "," and depth >= 1:
            at = where
    if at is None:
        return label[:SUMMARY_WIDTH] + "..."
    closing = "".join({"(": ")", "[": "]", "{": "}"}[ch] for ch in reversed(_open_brackets(label[:at])))
    return label[:at] + ", ..." + closing


def _open_brackets(text: str) -> list[str]:
    """The brackets of ``text`` still open at its end, outermost first."""
    stack: list[str] = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in ")]}" and stack:
            stack.pop()
    return stack


def _call_label(fn_label: str, args, kwargs) -> str:
    """``LinearFunction.apply(a tensor of shape (2, 3), ...)``: what a message calls a call's result."""
    import numpy as np

    if fn_label.split(".")[-1] == "tensor" and args and isinstance(args[0], (np.ndarray, list, float, int)):
        shape = np.shape(args[0])
        wants = " that requires grad" if kwargs.get("requires_grad") is True else ""
        return f"a tensor of shape {_shape(shape)}{wants}"
    parts = [summary(a) for a in args] + [f"{k}={summary(v)}" for k, v in kwargs.items()]
    return f"{fn_label}({', '.join(parts)})"


def _shape(shape) -> str:
    return "(" + ", ".join(str(int(n)) for n in shape) + ("," if len(shape) == 1 else "") + ")"


_OPERATOR_SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "matmul": "@", "pow": "**",
                     "floordiv": "//", "mod": "%", "iadd": "+=", "isub": "-=", "imul": "*=",
                     "itruediv": "/=", "imatmul": "@=", "ipow": "**="}


class Remote(wire.Reference):
    """An object in the student's kernel (see the module doc)."""

    __slots__ = ("_session", "_number", "_label")

    def __init__(self, session: Session, number: int, label: str):
        object.__setattr__(self, "_session", session)
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_label", label)

    def __getattr__(self, name: str) -> Remote:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        label = f"{self._label}.{name}" if self._label else name
        return self._session.make({"op": "getattr", "obj": self._number, "name": name}, label)

    def __setattr__(self, name: str, value: Any) -> None:
        self._session.queue({"op": "setattr", "obj": self._number, "name": name, "value": wire.encode(value)},
                            f"setting {self._label}.{name}")

    def __delattr__(self, name: str) -> None:
        self._session.queue({"op": "delattr", "obj": self._number, "name": name}, f"deleting {self._label}.{name}")

    def __call__(self, *args, **kwargs) -> Remote:
        op = {"op": "call", "fn": self._number, "args": [wire.encode(a) for a in args],
              "kwargs": [[k, wire.encode(v)] for k, v in kwargs.items()]}
        return self._session.make(op, _call_label(self._label, args, kwargs))

    def __repr__(self) -> str:
        return f"<in the kernel: {self._label}>"

    def _operator(self, name: str, *args) -> Remote:
        symbol = _OPERATOR_SYMBOLS.get(name)
        if symbol and len(args) == 2:
            label = f"{summary(args[0])} {symbol} {summary(args[1])}"
        else:
            label = f"{name}({', '.join(summary(a) for a in args)})"
        return self._session.make({"op": "operator", "name": name, "args": [wire.encode(a) for a in args]}, label)

    def __getitem__(self, key):
        return self._operator("getitem", self, key)

    def __setitem__(self, key, value):
        self._session.make({"op": "operator", "name": "setitem",
                            "args": [wire.encode(self), wire.encode(key), wire.encode(value)]},
                           f"setting {self._label}[{summary(key)}]")

    def __enter__(self):
        enter = self._dunder("__enter__")
        return self._session.make({"op": "call", "fn": enter._number, "args": [], "kwargs": []},
                                  f"entering {self._label}")

    def __exit__(self, *exc):
        exit_ = self._dunder("__exit__")
        # "always": the kernel leaves the context even when an operation inside it failed
        self._session.make({"op": "call", "fn": exit_._number, "args": [None, None, None], "kwargs": [],
                            "always": True}, f"leaving {self._label}")
        return False

    def _dunder(self, name: str) -> Remote:
        return self._session.make({"op": "getattr", "obj": self._number, "name": name, "always": True},
                                  f"{self._label}.{name}")

    # Python's operators, evaluated in the kernel in program order.
    def __add__(self, other): return self._operator("add", self, other)
    def __radd__(self, other): return self._operator("add", other, self)
    def __sub__(self, other): return self._operator("sub", self, other)
    def __rsub__(self, other): return self._operator("sub", other, self)
    def __mul__(self, other): return self._operator("mul", self, other)
    def __rmul__(self, other): return self._operator("mul", other, self)
    def __truediv__(self, other): return self._operator("truediv", self, other)
    def __rtruediv__(self, other): return self._operator("truediv", other, self)
    def __matmul__(self, other): return self._operator("matmul", self, other)
    def __rmatmul__(self, other): return self._operator("matmul", other, self)
    def __pow__(self, other): return self._operator("pow", self, other)
    def __rpow__(self, other): return self._operator("pow", other, self)
    def __neg__(self): return self._operator("neg", self)
    def __pos__(self): return self._operator("pos", self)
    def __iadd__(self, other): return self._operator("iadd", self, other)
    def __isub__(self, other): return self._operator("isub", self, other)
    def __imul__(self, other): return self._operator("imul", self, other)
    def __itruediv__(self, other): return self._operator("itruediv", self, other)

    # Deciding anything about a student's object takes a fetch.
    def _misuse(self, *_args):
        raise JudgeMisuse(f"{self._label} lives in the student's kernel: fetch() it before deciding anything "
                          "(and index it, remote[0], instead of unpacking it)")

    __bool__ = __len__ = __iter__ = __contains__ = __index__ = __float__ = __int__ = _misuse
    __lt__ = __le__ = __gt__ = __ge__ = __eq__ = __ne__ = _misuse
    __hash__ = object.__hash__
