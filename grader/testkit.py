"""What hidden tests use: seeded inputs, strict comparisons, and a mark that a test ran to its end.

Hidden tests import it inside their hidden block::

    from grader import testkit as _tk
    _rng = _tk.rng("numerical_gradient")
    ...
    _tk.assert_close(got, expected, what="the gradient", rtol=1e-6)
    _tk.passed("numerical_gradient_tests")

- ``rng(name)`` is seeded from ``COURSE_GRADING_SEED``, chosen by the grader at grading time and
  recorded; the course is public, so a fixed seed would let a student hard-code answers.
- ``assert_close`` converts to plain float64 numpy arrays after exact type checks and compares
  with numpy functions bound when this module was first imported, so a student who redefines
  ``np.allclose`` does not change the verdict.
- ``passed(grade_id)`` prints a line that the grader looks for: a test cell that did not reach its
  end (a blanked or skipped cell) does not earn its points.
"""

from __future__ import annotations

import hashlib
import os

import numpy as _np

_asarray = _np.asarray
_isfinite = _np.isfinite
_abs = _np.abs
_argmax = _np.argmax
_unravel = _np.unravel_index
_ndarray = _np.ndarray
_float64 = _np.float64

SEED_VARIABLE = "COURSE_GRADING_SEED"
TOKEN_VARIABLE = "COURSE_GRADING_TOKEN"
DEFAULT_SEED = 20261129


def grading_seed() -> int:
    """The seed of this grading run (a fixed default when no grader set one)."""
    return int(os.environ.get(SEED_VARIABLE, DEFAULT_SEED))


def rng(name: str) -> _np.random.Generator:
    """A numpy Generator for the hidden test called ``name``, seeded by the grading run."""
    digest = hashlib.sha256(f"{grading_seed()}:{name}".encode()).digest()
    return _np.random.default_rng(int.from_bytes(digest[:8], "little"))


def to_array(value, what: str = "the result") -> _np.ndarray:
    """``value`` as a float64 numpy array; only numbers, numpy arrays and tensors are accepted.

    A tensor (autograd_lib or torch) is read through its ``.detach()``/``.numpy()`` or ``.data``;
    anything else (a string, an object that pretends to be equal to everything) is an error.
    """
    if isinstance(value, bool):
        raise AssertionError(f"{what} should be a number or an array, got a bool")
    if isinstance(value, (int, float, _np.integer, _np.floating)):
        return _asarray(value, dtype=_float64)
    if type(value) is _ndarray:
        return _asarray(value, dtype=_float64).copy()
    if type(value) in (list, tuple):
        return _asarray([to_array(v, what) for v in value], dtype=_float64)
    module = type(value).__module__ or ""
    if module.startswith("torch"):
        return _asarray(value.detach().cpu().numpy(), dtype=_float64).copy()
    if module.startswith("autograd_lib"):
        data = value.data
        if type(data) is not _ndarray:
            raise AssertionError(f"{what} is a Tensor whose .data is not a numpy array")
        return _asarray(data, dtype=_float64).copy()
    raise AssertionError(f"{what} should be a number, an array or a tensor, got {type(value).__name__}")


def assert_close(actual, expected, *, what: str = "the result", rtol: float = 1e-7, atol: float = 1e-9) -> None:
    """Fail with a message a student can act on unless ``actual`` is close to ``expected``."""
    got = to_array(actual, what)
    want = to_array(expected, "the expected value")
    if got.shape != want.shape:
        raise AssertionError(f"{what} has shape {tuple(got.shape)}, expected {tuple(want.shape)}")
    if got.size == 0:
        return
    if not bool(_isfinite(got).all()):
        raise AssertionError(f"{what} contains nan or inf")
    error = _abs(got - want)
    bound = atol + rtol * _abs(want)
    excess = error - bound
    worst = int(_argmax(excess))
    if float(excess.reshape(-1)[worst]) > 0:
        index = tuple(int(i) for i in _unravel(worst, got.shape)) if got.ndim else ()
        bad = int((excess > 0).sum())
        raise AssertionError(
            f"{what} is wrong at index {index}: got {got.reshape(-1)[worst]:.10g}, "
            f"expected {want.reshape(-1)[worst]:.10g} (rtol={rtol:g}, atol={atol:g}); "
            f"{bad} of {got.size} elements differ"
        )


def passed(grade_id: str) -> None:
    """Mark that the test cell ``grade_id`` ran to its end (the grader checks this mark)."""
    token = os.environ.get(TOKEN_VARIABLE)
    if not token:
        return
    mark = hashlib.sha256(f"{token}:{grade_id}".encode()).hexdigest()[:32]
    print(f"[course] {grade_id} completed {mark}")


def completion_mark(token: str, grade_id: str) -> str:
    """The line ``passed`` prints for ``grade_id`` under ``token`` (for the grader to look for)."""
    mark = hashlib.sha256(f"{token}:{grade_id}".encode()).hexdigest()[:32]
    return f"[course] {grade_id} completed {mark}"
