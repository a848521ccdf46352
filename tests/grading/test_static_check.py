"""The static check of the student's cells: references zero their exercise, machinery holds the
notebook, other dynamic access flags it, and honest code passes."""

import nbformat
import pytest

from grader.course.model import HIDDEN_BLOCK, SOLUTION_BLOCK, AssignmentFacts, cell_kind, find_chapters, read_chapter
from grader.judge.static_rules import DYNAMIC, MACHINERY, REFERENCE, CodeCell, check
from grader.paths import COURSE_DIR
from grader.pipeline.preprocessors.static_findings import StaticCheck

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
    # round 4: names looked up from strings, a written folder put on the import path, frames handed out
    "import pydoc\nf = pydoc.locate('autograd_lib.viz.layout.' + 'assign_layers')",
    "import operator\nf = operator.attrgetter('viz.layout.assign' + '_layers')(autograd_lib)",
    "from operator import attrgetter", "import site\nsite.addsitedir('/tmp/x')",
    "import stack_data", "from executing import Source",
    # round 5: the lookups spelt as a type's dunder methods
    "import sys\nm = type(sys).__getattribute__(sys, 'mod' + 'ules')",
    "f = object.__getattribute__(autograd_lib.training, 'f' + 'it')",
    "type(autograd_lib).__setattr__(autograd_lib, name, None)",
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
    "def __getattr__(self, name):\n    return object.__getattribute__(self, '_' + name)",
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


def test_a_torch_reference_shared_by_two_exercises_counts_in_the_answer_cells_of_both():
    """Chapter 7 names torch's F.linear for LinearFunction and for linear: a LinearFunction whose
    forward is ``F.linear`` earned 7/7 when only the last exercise naming it was remembered."""
    shared = {"linear_function": ["autograd_lib.nn.linear_function.LinearFunction", "torch.nn.functional.linear"],
              "linear": ["autograd_lib.nn.functional.linear", "torch.nn.functional.linear"]}
    answer = "_lin = F.linear\n\nclass LinearFunction(Function):\n    pass"
    for exercise in shared:
        cells = [COURSE, CodeCell(1, answer, True, exercise)]
        found = [(f.kind, f.exercise) for f in check(cells, shared, {"linear_function": 5, "linear": 9})]
        assert found == [(REFERENCE, exercise)], (exercise, found)


# -- issue 23's attack: torch answering an exercise from the student's own cells ----------------

ANSWERS = {"linear_function": ["LinearFunction"], "linear": ["linear"]}
SHARED = {"linear_function": ["autograd_lib.nn.linear_function.LinearFunction", "torch.nn.functional.linear"],
          "linear": ["autograd_lib.nn.functional.linear", "torch.nn.functional.linear"]}
LAST = {"linear_function": 5, "linear": 9}


def _attack(*cells: CodeCell):
    return {(f.kind, f.exercise) for f in check([COURSE, *cells], SHARED, LAST, ANSWERS)}


def test_a_cell_of_the_students_own_that_defines_an_answer_again_is_that_answer():
    """Attack 2: the answer cell left raising, a cell after it defines LinearFunction with torch."""
    own = "class LinearFunction(Function):\n    @staticmethod\n    def forward(ctx, x, w, b=None):\n" \
          "        return F.linear(x, w, b)"
    assert (REFERENCE, "linear_function") in _attack(CodeCell(2, "raise NotImplementedError", True, "linear_function"),
                                                      CodeCell(3, own, True))


def test_a_helper_of_the_students_own_brings_its_torch_calls_to_the_answer_that_uses_it():
    """Attack 3: helpers defined in a first cell of the student's own, with torch; the answer calls them."""
    helpers = "import torch as _t\n\n\ndef _fw(x, w, b):\n    return _inner(x, w, b)\n\n\n" \
              "def _inner(x, w, b):\n    return _t.nn.functional.linear(x, w, b)"
    answer = "def linear(input, weight, bias=None):\n    return _fw(input, weight, bias)"
    assert (REFERENCE, "linear") in _attack(CodeCell(1, helpers, True), CodeCell(7, answer, True, "linear"))


def test_a_comparison_with_torch_in_a_cell_of_the_students_own_still_costs_nothing():
    compare = "def close_to_torch(x, w):\n    return np.allclose(linear(x, w).data, F.linear(x, w))\n\n\n" \
              "print(close_to_torch(x, w))"
    answer = "def linear(input, weight, bias=None):\n    return LinearFunction.apply(input, weight, bias)"
    assert _attack(CodeCell(7, answer, True, "linear"), CodeCell(8, compare, True)) == set()


def test_the_exercise_of_an_answer_cell_is_the_sources_not_the_submissions_metadata():
    """An answer cell whose ``exercise`` metadata the student renamed is still that exercise's."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import torch.nn.functional as F"),
                nbformat.v4.new_code_cell("def linear(x, w, b=None):\n    return F.linear(x, w, b)"),
                nbformat.v4.new_code_cell("assert True")]
    nb.cells[1].metadata.update({"nbgrader": {"grade_id": "linear", "solution": True}, "exercise": "renamed"})
    nb.cells[2].metadata.update({"nbgrader": {"grade_id": "linear_tests", "grade": True, "points": 1}})
    step = StaticCheck(references={"linear": ["torch.nn.functional.linear"]},
                       exercise_tests={"linear": ["linear_tests"]}, course_cells=["import torch.nn.functional as F"],
                       exercise_answers={"linear": ["linear"]})
    _, resources = step.preprocess(nb, {})
    assert "linear_tests" in resources["zeroed"], resources


@pytest.mark.parametrize("chapter", [c.chapter_id for c in find_chapters(COURSE_DIR)])
def test_the_courses_own_solutions_submitted_as_answers_raise_no_finding(chapter, tmp_path):
    """Every answer cell filled with its solution and checked as a submission is (every answer
    cell the student's, the helpers one answer calls in another included): nothing is found."""
    source = read_chapter(next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter))
    nbformat.write(source, tmp_path / f"{chapter}.ipynb")
    facts = AssignmentFacts.read(tmp_path)
    submitted = nbformat.from_dict(source)
    for cell in submitted.cells:
        if cell.cell_type == "code":
            cell.source = HIDDEN_BLOCK.sub("", SOLUTION_BLOCK.sub("", cell.source)) if cell_kind(cell) == "answer" \
                else cell.source
    step = StaticCheck(references=facts.references, exercise_tests=facts.exercise_tests,
                       course_cells=facts.course_cells, answer_names=facts.answer_names,
                       exercise_answers={e.name: list(e.answer_ids) for es in facts.exercises.values() for e in es})
    _, resources = step.preprocess(submitted, {})
    assert resources["static_findings"] == [], resources["static_findings"]


def test_the_layout_that_orders_a_graph_is_a_copy_of_chapter_3s_topological_order():
    """Attack 15: topological_order answered with the reachability loop of the visible test and
    ``viz.layout.assign_layers`` (Kahn's algorithm, in layers), kept for ``draw_graph``: named now."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "03_backward_engine")
    from grader.course.model import exercise_references

    references = exercise_references(read_chapter(chapter))
    answer = ("from autograd_lib.viz.layout import assign_layers as _layers\n\n\n"
              "def topological_order(root):\n    return sorted(_nodes(root), key=_layers(*_graph(root)).get)")
    found = check([CodeCell(1, answer, True, "topological_order")], references, {"topological_order": 5})
    assert (REFERENCE, "topological_order") in {(f.kind, f.exercise) for f in found}


def test_a_torch_class_counts_under_the_module_that_defines_it():
    """Attack 32: ``from torch.optim.sgd import SGD`` is chapter 9's ``torch.optim.SGD``."""
    references = {"sgd": ["torch.optim.SGD"]}
    found = check([CodeCell(1, "from torch.optim.sgd import SGD as _S\n\n\nclass SGD(_S):\n    pass", True, "sgd")],
                  references, {"sgd": 5})
    assert (REFERENCE, "sgd") in {(f.kind, f.exercise) for f in found}


# -- the engine as a derivative rule: flagged, never zeroed ---------------------------------------

def _engine_kinds(source: str, exercise: str | None = "linear_function", by_student: bool = True):
    from grader.judge.static_rules import ENGINE

    cells = [COURSE, CodeCell(1, source, by_student, exercise)]
    return [(f.kind, f.exercise) for f in check(cells, {}, {}) if f.kind == ENGINE]


_RULE = "class LinearFunction(Function):\n    @staticmethod\n    def backward(ctx, g):\n        {}\n"


@pytest.mark.parametrize("call", [
    "return torch.autograd.grad(out, leaves, g)",
    "return autograd_lib.autograd.grad(out, leaves, g)",
    "engine = torch\n        return engine.autograd.grad(out, leaves, g)",  # whichever engine owns the tensors
    "out.backward(g)\n        return leaves[0].grad",
    "(x @ w).backward(g)",
    "return torch.func.vjp(f, x)[1](g)",
    "return torch.autograd.functional.vjp(f, x, g)",
    "from torch.autograd import grad as engine_grad\n        return engine_grad(out, x, g)",
])
def test_a_backward_rule_that_calls_an_engine_is_flagged(call):
    assert _engine_kinds(_RULE.format(call)) == [("engine as a rule", "linear_function")]


def test_a_helper_of_the_students_own_that_the_rule_calls_brings_its_engine_along():
    from grader.judge.static_rules import ENGINE

    helper = CodeCell(1, "def _bw(out, x, g):\n    return torch.autograd.grad(out, x, g)", True)
    rule = CodeCell(2, _RULE.format("return _bw(out, x, g)"), True, "linear_function")
    found = [f for f in check([COURSE, helper, rule], {}, {}) if f.kind == ENGINE]
    assert [(f.cell, f.exercise) for f in found] == [(2, "linear_function")] and "_bw" in found[0].message


@pytest.mark.parametrize("source, exercise", [
    (_RULE.format("return g.mm(ctx.saved_tensors[1]), None"), "linear_function"),
    (_RULE.format("return Mul.backward(ctx, g)"), "linear_function"),  # another Function's rule, no engine
    (_RULE.format("return super().backward(ctx, g)"), "linear_function"),
    # an engine that runs the student's rule: a second derivative in a cell of their own, a gradcheck
    ("y = LinearFunction.apply(x, w)\ny.sum().backward(create_graph=True)\n"
     "g = torch.autograd.grad(x.grad.sum(), w)", None),
    ("def second_derivative(f, x):\n    (g,) = autograd_lib.autograd.grad(f(x), x, create_graph=True)\n"
     "    return autograd_lib.autograd.grad(g, x)[0]", "second_derivative"),  # the exercise is the engine's use
])
def test_an_engine_that_runs_the_students_rule_or_a_rule_without_an_engine_is_not_flagged(source, exercise):
    assert _engine_kinds(source, exercise, by_student=True) == []


def test_the_engine_in_a_rule_flags_the_notebook_in_the_pipeline_and_keeps_its_score(tmp_path):
    """The pipeline's step reports it and zeroes nothing: the instructor's review decides."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "07_linear_function")
    source = read_chapter(chapter)
    nbformat.write(source, tmp_path / f"{chapter.chapter_id}.ipynb")
    facts = AssignmentFacts.read(tmp_path)
    submitted = nbformat.from_dict(source)
    for cell in submitted.cells:
        if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade_id") == "linear_function":
            cell.source = SOLUTION_BLOCK.sub("", cell.source).replace(
                "class LinearFunction(Function):",
                "class LinearFunction(Function):\n    def vjp(ctx, g):\n        return torch.autograd.grad(g, g)", 1)
    step = StaticCheck(references=facts.references, exercise_tests=facts.exercise_tests,
                       course_cells=facts.course_cells, answer_names=facts.answer_names,
                       exercise_answers={e.name: list(e.answer_ids) for es in facts.exercises.values() for e in es})
    _, resources = step.preprocess(submitted, {})
    assert [f["kind"] for f in resources["static_findings"]] == ["engine as a rule"], resources["static_findings"]
    assert "asks an engine for its answer" in resources["static_findings"][0]["message"]
    assert resources["zeroed"] == {}


def test_no_unusual_correct_answer_is_flagged_as_an_engine_in_a_rule():
    """An honest rule never trips the flag: every unusual-correct answer of the course, read as its
    exercise's answer cell."""
    from grader.course.mistakes import KnownWrong
    from grader.judge.static_rules import ENGINE
    from grader.paths import REPO_ROOT

    answers = [KnownWrong.from_file(p) for p in sorted((REPO_ROOT / "tests" / "unusual_correct").glob("*/*.py"))]
    assert answers
    for answer in answers:
        cells = [COURSE, CodeCell(1, answer.code, True, answer.answer_id)]
        found = [f for f in check(cells, {}, {}) if f.kind == ENGINE]
        assert not found, (answer.chapter_id, answer.answer_id, answer.name, found)
