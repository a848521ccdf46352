"""What a hidden test uses. It runs in the judge; ``student`` is the only way into the kernel.

A hidden test reads like an ordinary test::

    from grader.judge.toolkit import T, case, expect_tensor, raises, rng, student

    ag = student.autograd_lib                     # the kernel's library, as a Remote
    R = rng("linear_function_forward")            # inputs drawn at grading time
    xa, wa = R.normal(size=(3, 4)), R.normal(size=(2, 4))
    with case("N=3, in=4, out=2, no bias"):
        y = student.LinearFunction.apply(ag.tensor(xa), ag.tensor(wa))
        expect_tensor(y, F.linear(T(xa), T(wa)), what="the output")

- ``student``: the notebook's names (``student.LinearFunction``), ``student.module("sys")`` (a
  module, imported in the kernel: ``student.module("autograd_lib")`` works whatever the notebook
  calls it),
  ``student.helpers(source)`` (course code run in a copy of the notebook's namespace) and
  ``student.ref(value)`` (a fetched object, as a Remote again). See ``grader.judge.remote``.
- ``fetch(*remotes)``: the student's values as plain data (numbers, arrays, ``TensorValue``,
  ``ObjectValue``); one round trip for all of them.
- ``rng(name)``: a numpy Generator seeded by the grading run and ``name``; the kernel never sees
  the seed.
- ``case(label)``: every failure inside names the case ("N=3, in=4, out=2, no bias: ...").
- ``promise(name, weight=1)``: one promise of the exercise's statement, worth ``weight`` shares of
  the test cell's points. A promise broken inside costs only its share: the judge notes it and
  goes on to the next promise. A failure outside every promise costs the whole cell; a cell with
  no promises is all or nothing.
- ``expect_close``, ``expect_tensor``, ``expect_equal``, ``expect_none``, ``expect_true``: checks
  whose messages say what was expected and what came back. ``raises(*names, what=...)``: the
  operations inside must raise one of those exception classes.
- ``T(array)``: a float64 torch tensor in the judge, for expected values.
- ``gradcheck(fn, arrays, what=...)``: the student's gradients against central differences,
  both computed from calls into the kernel, compared here.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.judge.remote import Remote, Session, StudentError
from grader.judge.wire import ErrorValue, ObjectValue, TensorValue

__all__ = ["Failed", "PromiseOutcome", "T", "case", "distinct", "expect_close", "expect_equal", "expect_none",
           "expect_tensor", "expect_true", "fail", "fetch", "gradcheck", "named", "promise", "raises", "rng",
           "shape_text", "student", "sync"]

_SESSION: contextvars.ContextVar[Session] = contextvars.ContextVar("judge_session")
_SEED: contextvars.ContextVar[int] = contextvars.ContextVar("judge_seed", default=20261129)
_CASES: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar("judge_cases", default=())
_PROMISES: contextvars.ContextVar[list | None] = contextvars.ContextVar("judge_promises", default=None)
_IN_PROMISE: contextvars.ContextVar[str | None] = contextvars.ContextVar("judge_in_promise", default=None)


class Failed(AssertionError):
    """A hidden check failed; the message is what the student reads."""


@dataclass(frozen=True)
class PromiseOutcome:
    """One promise of a test cell, as the judge found it: kept, or broken with the message."""

    name: str
    weight: float
    kept: bool
    message: str = ""
    case: tuple[str, ...] = ()


def session() -> Session:
    try:
        return _SESSION.get()
    except LookupError:
        raise RuntimeError("hidden tests run inside the judge (grader.judge.judge.Judge)") from None


@contextlib.contextmanager
def running(active: Session, seed: int) -> Iterator[list[PromiseOutcome]]:
    """Make ``active`` the session that ``student`` reaches, with ``seed`` for ``rng``; yields the
    list that the test's promises are noted in, in the order they ran."""
    promises: list[PromiseOutcome] = []
    tokens = (_SESSION.set(active), _SEED.set(seed), _CASES.set(()), _PROMISES.set(promises), _IN_PROMISE.set(None))
    try:
        yield promises
    finally:
        _IN_PROMISE.reset(tokens[4])
        _PROMISES.reset(tokens[3])
        _CASES.reset(tokens[2])
        _SEED.reset(tokens[1])
        _SESSION.reset(tokens[0])


class _Student:
    """The notebook's namespace, in the kernel (see the module doc)."""

    def __getattr__(self, name: str) -> Remote:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return session().global_(name)

    def __setattr__(self, name: str, value: Any) -> None:
        from grader.judge import wire

        session().queue({"op": "setglobal", "name": name, "value": wire.encode(value)}, f"setting {name}")

    def __delattr__(self, name: str) -> None:
        session().queue({"op": "delglobal", "name": name}, f"deleting {name}")

    def module(self, name: str) -> Remote:
        """A module imported in the kernel (``student.module("sys")``)."""
        return session().module(name)

    def helpers(self, source: str) -> Remote:
        """Run the course's ``source`` in a copy of the notebook's namespace; its names, as a Remote."""
        return session().helpers(source)

    def ref(self, value: TensorValue | ObjectValue, label: str | None = None) -> Remote:
        """A fetched object as a Remote again."""
        return session().ref(value, label)

    def value(self, value: Any, label: str = "a value") -> Remote:
        """A judge value (array, number) sent once and kept in the kernel."""
        return session().value(value, label)

    @contextlib.contextmanager
    def swapped(self, name: str, value: Any) -> Iterator[None]:
        """Bind the notebook's ``name`` to ``value`` inside the block, and put it back after.

        Used to isolate exercises: a test of ``linear`` runs with the library's ``LinearFunction``
        so that a slip in the previous exercise costs nothing here.
        """
        from grader.judge import wire

        active = session()
        saved = active.make({"op": "swapglobal", "name": name, "value": wire.encode(value)}, f"binding {name}")
        try:
            yield
        finally:
            active.queue({"op": "restoreglobal", "name": name, "saved": saved._number}, f"restoring {name}")


student = _Student()


def fetch(*remotes: Any):
    """The values of ``remotes`` as plain data; values that are not Remotes pass through."""
    wanted = [r for r in remotes if isinstance(r, Remote)]
    got = iter(session().fetch(*wanted)) if wanted else iter(())
    values = [next(got) if isinstance(r, Remote) else r for r in remotes]
    return values[0] if len(values) == 1 else tuple(values)


def sync() -> None:
    """Run every queued operation now (their errors surface here)."""
    session().flush()


def named(remote: Remote, label: str) -> Remote:
    """The same kernel object under a name that messages use (``named(x, "input")``)."""
    return Remote(remote._session, remote._number, label)


def rng(name: str) -> np.random.Generator:
    """A Generator for the hidden test ``name``, seeded by the grading run."""
    digest = hashlib.sha256(f"{_SEED.get()}:{name}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def T(array: Any, requires_grad: bool = False):
    """``array`` as a float64 torch tensor, in the judge (for expected values)."""
    import torch

    return torch.tensor(np.asarray(array, dtype=np.float64), dtype=torch.float64, requires_grad=requires_grad)


# -- cases and failures -------------------------------------------------------------------------

@contextlib.contextmanager
def case(label: str) -> Iterator[None]:
    """Name the case under test: a failure inside says "label: what failed".

    In a diagnosis run (``session().recorder`` set) a failing case is noted and the test goes on
    to the next case, so that the run describes the answer's behaviour on every case.
    """
    token = _CASES.set((*_CASES.get(), label))
    recorder = session().recorder
    if recorder is not None:  # a case is known by its promise too: two promises may check one input
        recorder.enter(", ".join((*([f"[{_IN_PROMISE.get()}]"] if _IN_PROMISE.get() else []), *_CASES.get())))
    try:
        yield
    except StudentError as error:
        failure = _labelled(Failed(error.describe()), _CASES.get())
        if recorder is None:
            raise failure from None
        recorder.fail(error.error.name, str(failure))
    except Failed as error:
        failure = _labelled(error, _CASES.get())
        if recorder is None:
            raise failure from None
        recorder.fail("Failed", str(failure))
    except Exception as error:  # in a diagnosis run only: data the test did not expect
        if recorder is None:
            raise
        recorder.fail(type(error).__name__, str(error))
    finally:
        if recorder is not None:
            recorder.leave()
        _CASES.reset(token)


def _labelled(error: Failed, cases: tuple[str, ...]) -> Failed:
    if getattr(error, "case", None) is None and cases:
        labelled = Failed(f"{', '.join(cases)}: {error}")
        labelled.case = cases
        return labelled
    if getattr(error, "case", None) is None:
        error.case = ()
    return error


def fail(message: str) -> None:
    raise Failed(message)


@contextlib.contextmanager
def promise(name: str, *, weight: float = 1.0, only_with: str | None = None) -> Iterator[None]:
    """One promise of the exercise's statement, checked by the block inside (see the module doc).

    A check that fails inside, or an error the student's code raises inside, breaks this promise
    only: the judge notes it with its message and the test goes on after the block. The cell's
    score is the weight of the promises kept over the weight of all of them. Errors of the judge
    itself (a wrong hidden test, a kernel that stops answering) are not a broken promise: they end
    the test as before. In a diagnosis run the block only names the promise; cases record.

    ``only_with`` names an earlier promise of the same test cell that this one counts only
    together with: a promise that an answer doing nothing keeps ("x is left unchanged", "no error
    on a second call", "the result has x's shape") is kept only when the exercise's value promise
    is. An answer that returns None, or zeros, earns nothing from it.
    """
    if _IN_PROMISE.get() is not None:
        raise RuntimeError(f"promise {name!r} is inside promise {_IN_PROMISE.get()!r}: promises do not nest")
    if not weight > 0:
        raise ValueError(f"promise {name!r}: the weight must be positive, got {weight!r}")
    promises, active = _PROMISES.get(), session()
    token = _IN_PROMISE.set(name)
    broken: Failed | None = None
    try:
        yield
    except StudentError as error:
        broken = _labelled(Failed(error.describe()), _CASES.get())
    except Failed as error:
        broken = _labelled(error, _CASES.get())
    finally:
        _IN_PROMISE.reset(token)
    if broken is not None:
        if active.recorder is not None:  # a diagnosis run: noted in the case it happened in
            active.recorder.fail("Failed", str(broken))
        active.settle()  # what the block left queued (exits of contexts) runs, its errors ignored
    if only_with is not None and broken is None:
        earlier = [p for p in (promises or ()) if p.name == only_with]
        if promises is not None and not earlier:
            raise RuntimeError(f"promise {name!r} counts only with {only_with!r}, which is not an earlier promise "
                               "of this test cell")
        if earlier and not earlier[-1].kept:
            broken = Failed(f"{name}: this counts only together with \"{only_with}\", which is not kept")
            broken.case = ()
    if promises is not None:
        promises.append(PromiseOutcome(name, float(weight), broken is None, "" if broken is None else str(broken),
                                       tuple(getattr(broken, "case", ()) or ()) if broken is not None else ()))


# -- checks -------------------------------------------------------------------------------------

def shape_text(shape: Sequence[int] | None) -> str:
    """``(2, 3)``, with plain ints (no ``np.int64(2)``)."""
    if shape is None:
        return "no shape"
    return "(" + ", ".join(str(int(n)) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def _kind(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, TensorValue):
        return f"a tensor ({value.library}) of shape {shape_text(value.shape)}"
    if isinstance(value, ObjectValue):
        return f"a {value.type.rsplit('.', 1)[-1]}"
    if isinstance(value, ErrorValue):
        return f"an error ({value})"
    if isinstance(value, np.ndarray):
        return f"an array of shape {shape_text(value.shape)}"
    return f"a {type(value).__name__}"


def as_array(value: Any, what: str) -> np.ndarray:
    """A fetched value as a float64 array (numbers, arrays, tensors, nested lists of numbers)."""
    if isinstance(value, TensorValue):
        if isinstance(value.data, ErrorValue):
            fail(f"{what}: reading the tensor's data failed with {value.data}")
        return np.asarray(value.data, dtype=np.float64)
    if isinstance(value, bool) or value is None or isinstance(value, (str, ObjectValue, ErrorValue)):
        fail(f"{what} should be a number, an array or a tensor, got {_kind(value)}")
    if isinstance(value, (int, float, np.ndarray, np.generic)):
        return np.asarray(value, dtype=np.float64)
    if isinstance(value, (list, tuple)):
        try:
            return np.asarray([as_array(v, what) for v in value], dtype=np.float64)
        except ValueError:
            fail(f"{what} is a ragged list, not an array")
    if hasattr(value, "detach"):  # an expected value computed with torch, in the judge
        return value.detach().cpu().numpy().astype(np.float64)
    fail(f"{what} should be a number, an array or a tensor, got {_kind(value)}")


def distinct(a: float, b: float, *, least: int = 4) -> tuple[str, str]:
    """``a`` and ``b`` written with the fewest significant digits (at least ``least``, at most 17)
    that tell them apart: 0.3000001 and 0.3 read "0.3000001" and "0.3", never "0.3" and "0.3"."""
    for digits in range(least, 17):
        left, right = f"{a:.{digits}g}", f"{b:.{digits}g}"
        if left != right:
            return left, right
    return repr(a), repr(b)  # the shortest texts that read back as a and b: distinct when a != b


def expect_close(got: Any, expected: Any, *, what: str, rtol: float = 1e-7, atol: float = 1e-9) -> np.ndarray:
    """``got`` (fetched if a Remote) equals ``expected`` within ``atol + rtol * |expected|``."""
    got = fetch(got) if isinstance(got, Remote) else got
    actual, wanted = as_array(got, what), as_array(expected, "the expected value")
    if actual.shape != wanted.shape:
        fail(f"{what} has shape {shape_text(actual.shape)}, expected {shape_text(wanted.shape)}")
    if actual.size == 0:
        return actual
    finite = np.isfinite(wanted)
    if not np.array_equal(np.isfinite(actual), finite) or np.any(actual[~finite] != wanted[~finite]):
        bad = np.argwhere(np.isfinite(actual) != finite)
        if actual.ndim == 0:  # a scalar has no index to name
            fail(f"{what} is nan or inf where the expected value is not")
        where = tuple(int(i) for i in bad[0]) if len(bad) else ()
        fail(f"{what} contains nan or inf where the expected value does not (first at index {where})")
    error = np.where(finite, np.abs(actual - np.where(finite, wanted, 0)), 0)
    excess = error - (atol + rtol * np.abs(np.where(finite, wanted, 0)))
    worst = int(np.argmax(excess))
    if float(excess.reshape(-1)[worst]) > 0:
        got, expected = distinct(float(actual.reshape(-1)[worst]), float(wanted.reshape(-1)[worst]))
        if actual.ndim == 0:  # a scalar has no index to name, and no count of elements
            fail(f"{what} is wrong: got {got}, expected {expected} (tolerance {atol:g} + {rtol:g} x |expected|)")
        index = tuple(int(i) for i in np.unravel_index(worst, actual.shape))
        count = int((excess > 0).sum())
        fail(f"{what} is wrong at index {index}: got {got}, expected {expected}; {count} of {actual.size} "
             f"elements differ (tolerance {atol:g} + {rtol:g} x |expected|)")
    return actual


#: How a message names a tensor of each library: whole phrases, which a translated edition can find.
TENSOR_OF = {"autograd_lib": "an autograd_lib Tensor", "torch": "a torch Tensor"}


def expect_tensor(got: Any, expected: Any = None, *, what: str, library: str | None = "autograd_lib",
                  dtype: str | None = None, requires_grad: bool | None = None, rtol: float = 1e-7,
                  atol: float = 1e-9) -> TensorValue:
    """``got`` is a tensor (of ``library``), with ``expected``'s shape and values, and, when
    given, that dtype and ``requires_grad``."""
    value = fetch(got) if isinstance(got, Remote) else got
    if not isinstance(value, TensorValue) or (library is not None and value.library != library):
        wanted = TENSOR_OF.get(library, f"a {library} Tensor") if library else "a tensor"
        fail(f"{what} should be {wanted}, got {_kind(value)}")
    if isinstance(value.data, ErrorValue):
        fail(f"{what}: reading its data failed with {value.data}")
    if dtype is not None and value.dtype != dtype:
        fail(f"{what} should have dtype {dtype}, got {value.dtype}")
    if requires_grad is not None and value.requires_grad is not requires_grad:
        fail(f"{what} should {'require' if requires_grad else 'not require'} grad, but requires_grad is "
             f"{value.requires_grad}")
    if expected is not None:
        expect_close(value, expected, what=what, rtol=rtol, atol=atol)
    return value


def expect_equal(got: Any, expected: Any, *, what: str) -> Any:
    """``got`` (fetched) equals ``expected``: for None, flags, names, shapes and counts."""
    value = fetch(got) if isinstance(got, Remote) else got
    if isinstance(value, (TensorValue, ObjectValue, ErrorValue, np.ndarray)) or value != expected:
        shown = shape_text(value) if isinstance(value, tuple) and all(isinstance(n, int) for n in value) \
            else _kind(value) if isinstance(value, (TensorValue, ObjectValue, ErrorValue, np.ndarray)) \
            else repr(value)
        wanted = shape_text(expected) if isinstance(expected, tuple) and all(isinstance(n, int) for n in expected) \
            else repr(expected)
        fail(f"{what} should be {wanted}, got {shown}")
    return value


def expect_none(got: Any, *, what: str) -> None:
    value = fetch(got) if isinstance(got, Remote) else got
    if value is not None:
        fail(f"{what} should be None, got {_kind(value)}")


def expect_true(condition: bool, message: str) -> None:
    """A judge-side condition on fetched data (never on a Remote)."""
    if isinstance(condition, Remote):
        raise TypeError("expect_true takes judge-side data: fetch() first")
    if not condition:
        fail(message)


class _Raised:
    error: ErrorValue | None = None


@contextlib.contextmanager
def raises(*names: str | type, what: str) -> Iterator[_Raised]:
    """The operations inside must raise one of ``names`` (classes or class names) in the kernel."""
    wanted = [n if isinstance(n, str) else n.__name__ for n in names]
    active = session()
    active.flush()
    outcome = _Raised()
    yield outcome
    _values, error = active.flush(expect_error=True)
    if active.recorder is not None:  # a diagnosis run compares what was raised, class and all
        active.recorder.observe([error])
    if error is None:
        fail(f"{what} should raise {' or '.join(wanted)}, but it returned without an error")
    if error.is_a("NotImplementedError") and "NotImplementedError" not in wanted:  # a RuntimeError, but no answer
        fail(f"{what} raised NotImplementedError: the answer cell still raises NotImplementedError: replace it "
             "with your code")
    if not any(error.is_a(n) for n in wanted):
        fail(f"{what} should raise {' or '.join(wanted)}, but it raised {error}")
    outcome.error = error


def gradcheck(fn: Callable[..., Remote], arrays: Sequence[np.ndarray], *, what: str,
              tensor: Callable[[np.ndarray, bool], Remote] | None = None, eps: float = 1e-6, atol: float = 1e-5,
              rtol: float = 1e-3, directions: int = 2) -> None:
    """Check the gradients ``fn`` gives its inputs against central differences.

    ``fn`` is called in the kernel on tensors made from ``arrays`` by ``tensor(array,
    requires_grad)`` (default: ``autograd_lib.tensor``, whatever the notebook calls the library; pass
    one that makes torch tensors for a
    ``torch.autograd.Function``). Its output is reduced with ``directions`` random upstream
    gradients; the gradients from ``backward`` are compared, here, with the numerical
    vector-Jacobian products of ``2 * size`` perturbed calls. Every call goes out in one batch.
    """
    arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
    if tensor is None:
        ag = student.module("autograd_lib")
        tensor = lambda a, requires_grad: ag.tensor(a, requires_grad=requires_grad)  # noqa: E731
    base = fetch(fn(*[tensor(a, False) for a in arrays]))
    out_shape = as_array(base, f"the output of {what}").shape
    upstreams = [rng(f"gradcheck:{what}:{k}").normal(size=out_shape) for k in range(directions)]
    analytic = []
    for upstream in upstreams:
        inputs = [tensor(a, True) for a in arrays]
        fn(*inputs).backward(tensor(upstream, False))
        analytic.append([x.grad for x in inputs])
    shifted = []
    for index, array in enumerate(arrays):
        for flat in range(array.size):
            for sign in (1.0, -1.0):
                moved = [a.copy() for a in arrays]
                moved[index].reshape(-1)[flat] += sign * eps
                shifted.append(fn(*[tensor(a, False) for a in moved]))
    fetched = fetch(*[g for grads in analytic for g in grads], *shifted)
    fetched = list(fetched) if isinstance(fetched, tuple) else [fetched]
    grads, outputs = fetched[: len(arrays) * directions], fetched[len(arrays) * directions:]
    outputs = [as_array(o, f"the output of {what}") for o in outputs]
    for k, upstream in enumerate(upstreams):
        position = 0
        for index, array in enumerate(arrays):
            numeric = np.zeros(array.size)
            for flat in range(array.size):
                plus, minus = outputs[position], outputs[position + 1]
                numeric[flat] = float(np.sum((plus - minus) * upstream)) / (2 * eps)
                position += 2
            got = grads[k * len(arrays) + index]
            if got is None:
                fail(f"gradcheck of {what}: input {index} got no gradient (its .grad is None)")
            expect_close(got, numeric.reshape(array.shape), what=f"gradcheck of {what}: the gradient of input {index}",
                         rtol=rtol, atol=atol)
