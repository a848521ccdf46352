"""The static check of the student's cells: references zero their exercise, machinery holds the
notebook, other dynamic access flags it, and honest code passes."""

import pytest

from grader.judge.static_rules import DYNAMIC, MACHINERY, REFERENCE, CodeCell, check

COURSE = CodeCell(0, "import numpy as np\nimport torch\nimport torch.nn.functional as F\nimport autograd_lib\n"
                     "from autograd_lib import Function, Tensor", by_student=False)
REFERENCES = {"linear_function": ["autograd_lib.nn.linear_function.LinearFunction"],
              "gradcheck": ["autograd_lib.gradcheck.gradcheck"],
              "linear": ["autograd_lib.nn.functional.linear", "torch.nn.functional.linear"]}
LAST_TEST = {"linear_function": 5, "linear": 9, "gradcheck": 9}


def _kinds(source: str, index: int = 1, exercise: str | None = None):
    cells = [COURSE, CodeCell(index, source, True, exercise)]
    return [(f.kind, f.exercise) for f in check(cells, REFERENCES, LAST_TEST)]


@pytest.mark.parametrize("source", [
    "from autograd_lib.nn.linear_function import LinearFunction",
    "from autograd_lib.nn.functional import LinearFunction as L",  # the same class, exported elsewhere
    "class Mine(autograd_lib.nn.linear_function.LinearFunction):\n    pass",
    "def f(x, ref=autograd_lib.nn.functional.LinearFunction):\n    return ref",
    "import autograd_lib.nn.linear_function as m\ny = m.LinearFunction",
    "g = getattr(autograd_lib.nn.functional, 'LinearFunction')",
    # held in a variable first, or unpacked from a tuple
    "_lib = autograd_lib.nn.linear_function\nLinearFunction = _lib.LinearFunction",
    "a, b = autograd_lib.nn, np\nLinearFunction = a.linear_function.LinearFunction",
    "if (m := autograd_lib.nn.functional):\n    LinearFunction = m.LinearFunction",
    # a star import of the reference's module names no reference (forging family 1 of issue 23)
    "from autograd_lib.nn.linear_function import *",
    "from autograd_lib.nn.functional import *",
])
def test_a_reference_zeroes_its_exercise(source):
    assert (REFERENCE, "linear_function") in _kinds(source)


@pytest.mark.parametrize("source", ["ok = autograd_lib.gradcheck(f, xs)", "from autograd_lib import gradcheck"])
def test_a_reference_that_shares_its_name_with_its_module_still_counts(source):
    assert (REFERENCE, "gradcheck") in _kinds(source)


def test_a_torch_reference_reached_through_the_courses_own_alias_counts_in_its_answer_cell():
    answer = "def linear(input, weight, bias=None):\n    return F.linear(input, weight, bias)"
    assert (REFERENCE, "linear") in _kinds(answer, exercise="linear")


def test_a_torch_reference_in_a_cell_of_the_students_own_is_a_comparison_not_an_answer():
    """The chapters compare with torch in their own cells; a student who does the same in a cell
    of their own is not answering with it (a library reference there still counts)."""
    assert _kinds("print(F.linear(x, w))") == []
    assert _kinds("print(F.linear(x, w))", exercise="linear_function") == []
    assert (REFERENCE, "linear") in _kinds("y = autograd_lib.nn.functional.linear(x, w)")


def test_a_star_import_counts_only_the_modules_public_names():
    assert _kinds("from autograd_lib.nn.linear import *") == []
    assert _kinds("from torch.nn.functional import *", exercise="linear") == [(REFERENCE, "linear")]


def test_a_reference_after_the_exercises_last_test_costs_nothing():
    assert _kinds("from autograd_lib.nn.linear_function import LinearFunction", index=7) == []


@pytest.mark.parametrize("source", [
    "get_ipython().events.register('post_run_cell', print)", "import comm", "import kernel_agent.agent",
    "exec('x = 1')", "f = eval('1')", "import importlib", "import sys\nsys.modules['numpy']",
    "def f(): pass\nf.__code__ = (lambda: 1).__code__", "import gc", "import ctypes",
    "g = getattr(autograd_lib, 'li' + 'near')",
    "np.allclose = lambda *a, **k: True", "setattr(torch, 'allclose', None)",
    # faking a behaviour the hidden tests check, by changing a library class
    "del autograd_lib.Tensor.add_", "autograd_lib.Tensor.backward = lambda self, *a: None",
    "T = autograd_lib.Tensor\nT.backward = print",
    # reaching the shell or the module table without naming the call
    "shell = get_ipython\nshell().kernel", "import sys\nvars(sys)['modules']", "import sys\nm = sys.__dict__",
    "import sys\nsys.path.insert(0, '.')", "import layers", "import pickle",
    "class Fake:\n    pass\nautograd_lib = Fake()",
])
def test_code_that_reaches_the_grading_machinery_holds_the_notebook(source):
    assert (MACHINERY, None) in _kinds(source)


@pytest.mark.parametrize("source", ["import sys\nsys.settrace(None)", "import signal", "import os\nos._exit(0)"])
def test_other_dynamic_access_only_flags(source):
    kinds = _kinds(source)
    assert (DYNAMIC, None) in kinds and (MACHINERY, None) not in kinds


@pytest.mark.parametrize("source", [
    "class LinearFunction(Function):\n    @staticmethod\n    def forward(ctx, x, w, b=None):\n"
    "        ctx.save_for_backward(x, w, b)\n        return x.mm(w.t())",
    "def __setattr__(self, name, value):\n    object.__setattr__(self, name, value)\n    getattr(self, name)",
    "import sys\nsys.setrecursionlimit(10_000)",
    "def f(self, x):\n    self.weight = x\n    x.grad = None\n    self.layers[0] = x",
    "x = np.einsum('ij,kj->ik', a, b)",
    "from IPython.display import HTML, display\ndisplay(HTML('<b>hi</b>'))", "from IPython import display",
    # autograd_lib.gradcheck is the function and the module it lives in: a name from the module is fine
    "from autograd_lib.gradcheck import GradcheckError", "import autograd_lib.gradcheck",
    "this is not python",
])
def test_honest_code_passes(source):
    assert _kinds(source) == []


GRAD_COURSE = CodeCell(0, "import autograd_lib\nfrom autograd_lib.autograd import grad", by_student=False)


def _findings_with_grad_imported(source: str, references=None):
    cells = [GRAD_COURSE, CodeCell(1, source, True, "hooked")]
    return [(f.kind, f.message) for f in check(cells, references or {}, {"hooked": 5})]


@pytest.mark.parametrize("source", [
    "def hook(grad):\n    grad.data = grad.data * 0.5\n    return grad",
    "def hook(grad):\n    grad.data[0] = 0.0\n    return grad",
    "def hook(*, grad=None):\n    grad.data = grad.data * 0.5",
    "def hook(*grad):\n    return grad[0]",
    "x.register_hook(lambda grad: grad.clamp(-1.0, 1.0))",
    "class Clip:\n    def __call__(self, grad):\n        grad.data = grad.data / 2\n        return grad",
])
def test_a_parameter_named_like_a_global_of_the_chapter_is_the_parameter(source):
    """Chapter 12 imports ``grad`` (autograd_lib.autograd.grad); a hook's parameter called ``grad``
    is the gradient it receives, not the library's function."""
    assert _findings_with_grad_imported(source, {"hooked": ["autograd_lib.autograd.grad"]}) == []


@pytest.mark.parametrize("source, found", [
    ("def hook(g):\n    return g\ngrad.data = 0", "replaces autograd_lib.autograd.grad.data"),  # the global, after
    ("def hook(g):\n    grad.data = 0", "replaces autograd_lib.autograd.grad.data"),  # the global, inside
    ("def hook(g, ref=grad):\n    return ref(g)", "uses autograd_lib.autograd.grad"),  # a default is the global
    ("def f(autograd_lib):\n    return autograd_lib.autograd.grad", "uses autograd_lib.autograd.grad"),
])
def test_the_global_is_still_seen_outside_the_parameters_scope(source, found):
    """Only the parameter shadows the global, only inside its function; a parameter named after a
    module the chapter imports is taken to hold that module (passing it in hides nothing)."""
    messages = " ".join(m for _, m in _findings_with_grad_imported(source, {"hooked": ["autograd_lib.autograd.grad"]}))
    assert found in messages


def test_a_name_a_function_declares_global_keeps_what_the_function_bound():
    source = "def setup():\n    global ref\n    ref = autograd_lib.autograd\n\n\nref.grad(y, x)"
    messages = " ".join(m for _, m in _findings_with_grad_imported(source, {"hooked": ["autograd_lib.autograd.grad"]}))
    assert "uses autograd_lib.autograd.grad" in messages
