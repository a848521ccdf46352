"""Answers that do nothing, derived from a released answer cell (its signature, its docstring,
``raise NotImplementedError``): the rest of the stub is kept, and each ``raise
NotImplementedError`` becomes

- "none": ``return None``;
- "first": ``return`` of its function's first argument (after ``self``, ``cls`` or ``ctx``);
- "zeros": ``return`` of zeros shaped like what the reference returned there on the notebook's
  own examples (``reference_outputs``): a numpy array, an autograd_lib Tensor or a torch tensor
  as the reference returned, with its dtype; tuples, lists and dicts of them elementwise; ``0``,
  ``0.0`` or ``False`` for a number; ``None`` for anything else (an object, a module) and for a
  function the examples never called.

A function named ``__init__`` returns ``None`` in every kind (an initialiser can return nothing
else), and a ``raise NotImplementedError`` outside any function (a cell that fills in a value or
registers something) becomes ``pass``. Functions are named by their place in the cell
(``MatMul.backward``), methods of classes included.
"""

from __future__ import annotations

import ast
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind

from .in_process import run_in_process

KINDS = ("none", "first", "zeros")
SKIPPED_NAMES = {"self", "cls", "ctx"}
RECORDER = "__do_nothing_record__"


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function of ``tree`` with its dotted place (``Class.method``, ``outer.inner``)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        else:
            yield from _functions(node, prefix)


def _is_stub_raise(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Raise) and "NotImplementedError" in ast.unparse(statement.exc or statement)


def stubbed_functions(stub: str) -> list[str]:
    """The places of the functions that ``stub`` leaves to the student."""
    return [name for name, f in _functions(ast.parse(stub)) if any(_is_stub_raise(s) for s in f.body)]


def do_nothing(stub: str, kind: str, outputs: dict | None = None) -> str:
    """``stub`` with each ``raise NotImplementedError`` replaced by an answer that does nothing of
    ``kind`` (see the module); "zeros" takes the reference's outputs (``reference_outputs``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    tree = ast.parse(stub)
    lines = stub.splitlines()
    edits, modules = [], set()
    for name, function in _functions(tree):
        names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        names = [n for n in names if n not in SKIPPED_NAMES]
        for statement in (s for s in function.body if _is_stub_raise(s)):
            if function.name == "__init__" or kind == "none":
                value = "None"
            elif kind == "first":
                value = names[0] if names else "None"
            else:
                value = zeros_expression((outputs or {}).get(name), modules)
            indent = lines[statement.lineno - 1][: statement.col_offset]
            edits.append((statement.lineno, statement.end_lineno, f"{indent}return {value}"))
    for statement in (s for s in tree.body if _is_stub_raise(s)):
        edits.append((statement.lineno, statement.end_lineno, "pass"))
    assert edits, f"no raise NotImplementedError to replace in:\n{stub}"
    for first, last, text in sorted(edits, reverse=True):
        lines[first - 1:last] = [text]
    imports = [f"import {module} as _zeros_{module}" for module in sorted(modules)]
    return "\n".join(imports + lines) + "\n"


def zeros_expression(description, modules: set[str]) -> str:
    """Python for zeros like the value ``description`` describes (``_describe`` in the recorder);
    adds to ``modules`` the modules it needs (imported as ``_zeros_<module>``)."""
    if description is None or description[0] == "other":
        return "None"
    tag, *rest = description
    if tag in ("bool", "int", "float"):
        return {"bool": "False", "int": "0", "float": "0.0"}[tag]
    if tag == "numpy_scalar":
        modules.add("numpy")
        return f"_zeros_numpy.{rest[0]}(0)"
    if tag in ("numpy", "autograd_lib"):
        modules.add("numpy")
        array = f"_zeros_numpy.zeros({tuple(rest[0])!r}, dtype={rest[1]!r})"
        if tag == "numpy":
            return array
        modules.add("autograd_lib")
        return f"_zeros_autograd_lib.tensor({array})"
    if tag == "torch":
        modules.add("torch")
        return f"_zeros_torch.zeros({tuple(rest[0])!r}, dtype=_zeros_torch.{rest[1]})"
    if tag == "dict":
        return "{" + ", ".join(f"{k!r}: {zeros_expression(v, modules)}" for k, v in rest[0].items()) + "}"
    items = [zeros_expression(item, modules) for item in rest[0]]
    if tag == "list":
        return "[" + ", ".join(items) + "]"
    return "(" + "".join(f"{item}, " for item in items) + ")"


# -- what the reference returns on the notebook's own examples ---------------------------------

_RECORDER_CODE = '''
if "__do_nothing_record__" not in globals():
    def __do_nothing_record__(path, name, value, _seen={}):  # defined once: every cell's records kept
        import json, sys

        def describe(v):
            np, torch, ag = (sys.modules.get(m) for m in ("numpy", "torch", "autograd_lib"))
            if v is None:
                return None
            if isinstance(v, bool):
                return ["bool"]
            if isinstance(v, int):
                return ["int"]
            if isinstance(v, float):
                return ["float"]
            if np is not None and isinstance(v, np.ndarray):
                return ["numpy", list(v.shape), str(v.dtype)]
            if np is not None and isinstance(v, np.generic):
                return ["numpy_scalar", str(v.dtype)]
            if torch is not None and isinstance(v, torch.Tensor):
                return ["torch", list(v.shape), str(v.dtype).removeprefix("torch.")]
            if ag is not None and isinstance(v, ag.Tensor):
                return ["autograd_lib", list(v.shape), str(v.dtype)]
            if isinstance(v, (tuple, list)):
                return [type(v).__name__ if type(v) in (tuple, list) else "tuple", [describe(x) for x in v]]
            if isinstance(v, dict) and all(isinstance(k, str) for k in v):
                return ["dict", {k: describe(x) for k, x in v.items()}]
            return ["other", type(v).__qualname__]

        seen = _seen.setdefault(path, {})
        if name not in seen:
            seen[name] = describe(value)
            with open(path, "w") as file:
                json.dump(seen, file)
        return value
'''


class _Recording(ast.NodeTransformer):
    """Each ``return`` of one function (not of the functions it defines) passes its value to the
    recorder under the function's place."""

    def __init__(self, path: Path, name: str):
        self.path, self.name = str(path), name

    def visit_FunctionDef(self, node):  # a function defined inside: its returns are its own
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_Return(self, node):
        value = node.value or ast.Constant(None)
        call = ast.Call(ast.Name(RECORDER, ast.Load()), [ast.Constant(self.path), ast.Constant(self.name), value], [])
        return ast.copy_location(ast.Return(call), node)


def recording(solution: str, names: list[str], path: Path) -> str:
    """``solution`` with the returns of the functions ``names`` recorded into ``path`` (JSON)."""
    tree = ast.parse(solution)
    for name, function in _functions(tree):
        if name in names:
            recorder = _Recording(path, name)
            function.body = [recorder.visit(s) for s in function.body]
    return _RECORDER_CODE + "\n" + ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def reference_outputs(nb: nbformat.NotebookNode, stubs: dict[str, str], cwd: Path) -> dict[str, dict]:
    """For each answer cell of ``nb`` (a source notebook), what the reference solution returned
    at the first call of each function that ``stubs`` leave to the student, described, when the
    notebook runs its own examples and visible tests: one run of the chapter as it is graded
    (``run_in_process``: each exercise's library code given back once it is judged), the last
    test cell judged alone."""
    solutions = {c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
                 for c in nb.cells if cell_kind(c) == "answer"}
    last_test = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if cell_kind(c) == "test"][-1]
    with tempfile.TemporaryDirectory() as folder:
        paths = {answer_id: Path(folder) / f"{answer_id}.json" for answer_id in stubs}
        replacements = {answer_id: recording(solutions[answer_id], stubbed_functions(stub), paths[answer_id])
                        for answer_id, stub in stubs.items()}
        run_in_process(nb, replacements, cwd=cwd, judge_only=(last_test,))
        return {answer_id: json.loads(path.read_text()) if path.exists() else {} for answer_id, path in paths.items()}
