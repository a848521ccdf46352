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
  end (a blanked or skipped cell) does not earn its points. Before it prints, it checks that
  nothing the tests rely on was replaced since the kernel started (this module's own functions,
  numpy's comparisons, builtins, the ``np``/``torch`` names of the notebook, IPython input
  transformers and ``pre_run_cell`` hooks, ``sys.settrace``, and the comparison helpers of torch
  and autograd_lib); when something was, it prints a *tampered* line instead and the cell scores 0.

The grader imports this module when the kernel starts, before any student cell runs, so the
seed and the completion token are read then: the token comes from the file named by
``COURSE_GRADING_TOKEN_FILE`` (deleted once read) or from ``COURSE_GRADING_TOKEN`` (removed from
``os.environ``). Student code shares the process, so this is defence in depth, not a secret
vault: the grader also sandboxes the kernel and overwrites every test cell.
"""

from __future__ import annotations

import builtins as _builtins
import hashlib
import os
import sys as _sys

import numpy as _np
import numpy.testing as _np_testing

_asarray = _np.asarray
_isfinite = _np.isfinite
_abs = _np.abs
_argmax = _np.argmax
_unravel = _np.unravel_index
_ndarray = _np.ndarray
_float64 = _np.float64

SEED_VARIABLE = "COURSE_GRADING_SEED"
TOKEN_VARIABLE = "COURSE_GRADING_TOKEN"
TOKEN_FILE_VARIABLE = "COURSE_GRADING_TOKEN_FILE"
DEFAULT_SEED = 20261129


def _read_seed() -> int:
    try:
        return int(os.environ.get(SEED_VARIABLE, DEFAULT_SEED))
    except ValueError:
        return DEFAULT_SEED


def _read_token() -> str | None:
    path = os.environ.pop(TOKEN_FILE_VARIABLE, None)
    token = os.environ.pop(TOKEN_VARIABLE, None)
    if path:
        try:
            with open(path) as handle:
                token = handle.read().strip() or token
            os.unlink(path)
        except OSError:
            pass
    return token


_SEED = _read_seed()
_TOKEN = _read_token()


def grading_seed() -> int:
    """The seed of this grading run (a fixed default when no grader set one).

    Read once, when this module is first imported: a student cell that changes the environment
    later does not change the hidden inputs.
    """
    return _SEED


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
    if not _TOKEN:
        return
    problems = _tampering(_sys._getframe(1).f_globals)
    if problems:
        print(f"[course] {grade_id} tampered: {'; '.join(problems)}")
        return
    print(completion_mark(_TOKEN, grade_id))


def report_tampering() -> None:
    """Print what was replaced since the kernel started (the grader runs this after the last
    cell, so a notebook whose tests failed anyway is still reported)."""
    if not _TOKEN:
        return
    problems = _tampering(_sys._getframe(1).f_globals)
    print(f"[course] probe: {'; '.join(problems) if problems else 'clean'}")


class ForbiddenReference(AssertionError):
    """An exercise called the reference it was asked to write (found in autograd_lib or torch)."""


class forbid:
    """While hidden tests run, make reference implementations fail loudly.

    An exercise that asks the student to write ``numerical_gradient`` is not answered by calling
    ``autograd_lib.gradcheck``'s helper, nor ``torch.autograd.grad``. Wrap the calls to the
    student's code::

        with _tk.forbid("autograd_lib.gradcheck", "torch.autograd.grad", exercise="gradcheck"):
            got = gradcheck(...)

    Each dotted name (a module attribute, imported if its module is) is replaced by a function
    that raises ``ForbiddenReference`` with a message naming the exercise, and so is every name in
    the notebook's namespace bound to the same object (``from autograd_lib import gradcheck as g``).
    Everything is put back on exit, so later cells see the library unchanged.
    """

    def __init__(self, *dotted: str, exercise: str = "this exercise"):
        self.dotted, self.exercise = dotted, exercise
        self._undo: list = []

    @classmethod
    def for_cell(cls, *dotted: str, exercise: str = "this exercise") -> forbid:
        """Enter a guard that lasts until the end of the current cell.

        The grader puts this call on the first line of each test cell whose exercise names
        reference code (the ``library:`` metadata of its answer cells); the guard is released
        after the cell, even when it raised, by an IPython ``post_run_cell`` hook (or by
        ``release_guards`` in the in-process self-check)."""
        guard = cls(*dotted, exercise=exercise)
        guard._frame_globals = _sys._getframe(1).f_globals
        guard.__enter__()
        _ACTIVE_GUARDS.append(guard)
        return guard

    def _stub(self, name: str):
        exercise = self.exercise

        def refuse(*args, **kwargs):
            raise ForbiddenReference(
                f"{exercise} must be answered with your own code: it called {name}, the reference "
                "implementation, which the tests do not accept")

        return refuse

    def __enter__(self):
        caller = getattr(self, "_frame_globals", None) or _sys._getframe(1).f_globals
        for name in self.dotted:
            module_name, _, attr = name.rpartition(".")
            owner = _sys.modules.get(module_name)
            if owner is None:
                if module_name.split(".")[0] not in _sys.modules:
                    continue  # the library is not even imported: nothing to call
                import importlib

                try:
                    owner = importlib.import_module(module_name)
                except ImportError:
                    continue  # a method (Class.method): its class stays usable by the tests
            original = getattr(owner, attr, None)
            if original is None:
                continue
            stub = self._stub(name)
            self._undo.append((owner, attr, original))
            setattr(owner, attr, stub)
            for key, value in list(caller.items()):
                if value is original:
                    self._undo.append((caller, key, original))
                    caller[key] = stub
        return self

    def __exit__(self, *exc) -> bool:
        for owner, attr, original in reversed(self._undo):
            if isinstance(owner, dict):
                owner[attr] = original
            else:
                setattr(owner, attr, original)
        self._undo.clear()
        return False


_ACTIVE_GUARDS: list[forbid] = []


def release_guards(*_args) -> None:
    """Put back every reference replaced by ``forbid.for_cell`` (runs after each cell)."""
    while _ACTIVE_GUARDS:
        _ACTIVE_GUARDS.pop().__exit__(None, None, None)


def guard_line(names: list[str], exercise: str) -> str:
    """The first line the grader adds to a test cell of ``exercise``: while the cell runs, the
    reference implementations ``names`` raise ``ForbiddenReference``."""
    arguments = ", ".join(repr(n) for n in names)
    return f"__import__('grader.testkit').testkit.forbid.for_cell({arguments}, exercise={exercise!r})\n"


def _register_release_hook() -> None:
    shell = _ipython()
    if shell is not None:
        shell.events.register("post_run_cell", release_guards)


def completion_mark(token: str, grade_id: str) -> str:
    """The line ``passed`` prints for ``grade_id`` under ``token`` (for the grader to look for)."""
    mark = hashlib.sha256(f"{token}:{grade_id}".encode()).hexdigest()[:32]
    return f"[course] {grade_id} completed {mark}"


# --- what ``passed`` checks -------------------------------------------------------------------

_NUMPY_WATCHED = {
    "np.allclose": (_np, "allclose"),
    "np.isclose": (_np, "isclose"),
    "np.array_equal": (_np, "array_equal"),
    "np.asarray": (_np, "asarray"),
    "np.abs": (_np, "abs"),
    "np.testing": (_np, "testing"),
    "np.testing.assert_allclose": (_np_testing, "assert_allclose"),
    "np.testing.assert_array_equal": (_np_testing, "assert_array_equal"),
    "np.testing.assert_equal": (_np_testing, "assert_equal"),
}
#: (module, dotted attribute, where its code must live) for libraries imported later.
_LATE_WATCHED = [
    ("torch", "allclose", "torch"),
    ("torch", "isclose", "torch"),
    ("torch", "equal", "torch"),
    ("torch", "testing.assert_close", "torch"),
    ("torch", "autograd.gradcheck", "torch"),
    ("torch", "autograd.gradgradcheck", "torch"),
    ("autograd_lib", "gradcheck", "autograd_lib"),
    ("autograd_lib", "gradgradcheck", "autograd_lib"),
    ("autograd_lib", "testing.assert_close", "autograd_lib"),
]


#: builtins that IPython and ipykernel themselves swap while a cell runs.
_SWAPPED_BUILTINS = {"input", "raw_input", "getpass", "exit", "quit", "get_ipython", "display",
                     "help", "copyright", "credits", "license", "dreload", "reload"}


def _snapshot() -> dict:
    shell = _ipython()
    return {
        "numpy": {name: getattr(obj, attr) for name, (obj, attr) in _NUMPY_WATCHED.items()},
        "numpy_module": _sys.modules.get("numpy"),
        "builtins": dict(vars(_builtins)),
        "hooks": _hooks(shell),
    }


def _ipython():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def _hooks(shell) -> dict:
    if shell is None:
        return {}
    found = {}
    for name in ("input_transformers_cleanup", "input_transformers_post", "ast_transformers"):
        found[name] = list(getattr(shell, name, []) or [])
    events = getattr(shell, "events", None)
    for event in ("pre_run_cell", "pre_execute"):
        found[event] = list(getattr(events, "callbacks", {}).get(event, [])) if events else []
    return found


def _same_list(now: list, then: list) -> bool:
    return len(now) == len(then) and all(a is b for a, b in zip(now, then, strict=True))


def _resolve(module_name: str, dotted: str):
    obj = _sys.modules.get(module_name)
    for part in dotted.split("."):
        if obj is None:
            return None
        obj = getattr(obj, part, None)
    return obj


def _code_home(obj) -> str | None:
    """Where a watched object was defined: a file path, ``builtin`` or None (unknown)."""
    if type(obj).__name__ in ("builtin_function_or_method", "method_descriptor"):
        return "builtin"
    code = getattr(obj, "__code__", None)  # never follow __wrapped__: a fake can set it
    if code is None:
        call = vars(type(obj)).get("__call__")
        code = getattr(call, "__code__", None)
    return code.co_filename if code is not None else None


def _late_problems() -> list[str]:
    problems = []
    for module_name, dotted, _home in _LATE_WATCHED:
        module = _sys.modules.get(module_name)
        if module is None:
            continue
        obj = _resolve(module_name, dotted)
        if obj is None:
            continue
        where = _code_home(obj)
        root = os.path.dirname(getattr(module, "__file__", "") or "")
        if where == "builtin":
            continue
        if where is None or not root or not os.path.abspath(where).startswith(root + os.sep):
            problems.append(f"{module_name}.{dotted} was redefined")
    return problems


def _tampering(caller_globals: dict) -> list[str]:
    """What was replaced since this module was imported (empty when nothing was)."""
    problems = []
    here = globals()
    for key, value in _BOOT_GLOBALS.items():
        if here.get(key) is not value:
            problems.append(f"grader.testkit.{key} was replaced")
    if _sys.modules.get(__name__) is not _THIS_MODULE:
        problems.append("grader.testkit was replaced in sys.modules")
    boot = _BOOT
    if _sys.modules.get("numpy") is not boot["numpy_module"]:
        problems.append("numpy was replaced in sys.modules")
    for name, (obj, attr) in _NUMPY_WATCHED.items():
        if getattr(obj, attr, None) is not boot["numpy"][name]:
            problems.append(f"{name} was redefined")
    for name, value in boot["builtins"].items():
        if name.startswith("_") or name in _SWAPPED_BUILTINS:
            continue
        if vars(_builtins).get(name) is not value:
            problems.append(f"the builtin {name} was redefined")
    for alias, module_name in (("np", "numpy"), ("numpy", "numpy"), ("torch", "torch")):
        if alias in caller_globals and caller_globals[alias] is not _sys.modules.get(module_name):
            problems.append(f"the name {alias} no longer refers to the {module_name} module")
    hooks = _hooks(_ipython())
    for name, then in boot["hooks"].items():
        if not _same_list(hooks.get(name, []), then):
            problems.append(f"IPython {name} was changed")
    if _sys.gettrace() is not None or _sys.getprofile() is not None:
        problems.append("a trace or profile function (sys.settrace) is active")
    problems.extend(_late_problems())
    return problems


_THIS_MODULE = _sys.modules.get(__name__)
_register_release_hook()
_BOOT = _snapshot()
_BOOT_GLOBALS = {
    key: value
    for key, value in globals().items()
    if not key.startswith("__") and key not in ("_BOOT_GLOBALS",)
}
