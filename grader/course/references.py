"""What each answer cell's reference code is, and which library functions hold its answer.

Every answer cell says, in its YAML header, where the answer already exists in the code a kernel
can reach::

    library: [autograd_lib.ops.linalg.MatMul]             # the definitions the cell reproduces
    copies: [autograd_lib.ops.linalg.Mm.backward]         # other code that computes the same answer

or, when autograd_lib has no counterpart::

    library: none
    library_reason: the answer is written on torch.autograd.Function; autograd_lib has none

``library`` names the autograd_lib definitions whose text the solution is (the course's tests
prove the syntax trees equal); ``copies`` names any other code, in autograd_lib or torch, that
computes the same answer. Both are the exercise's *references*: the static check zeroes an
exercise answered with them, and the chapter's kernel library (``kernel_library``) withholds
the autograd_lib ones.

The *answer functions* of a cell are the library functions that hold its answer: for each
``library`` definition, every function in the cell's copy of it that contains a solution region
(``Sum.backward``, not the given ``Sum.forward``), and every function a ``copies`` name reaches
in autograd_lib (a class: each of its methods).
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass

import nbformat

from grader.course.model import cell_kind

NONE = "none"
LIBRARY_PACKAGE = "autograd_lib"
BEGIN_SOLUTION = "### BEGIN SOLUTION"


@dataclass(frozen=True)
class AnswerReferences:
    """An answer cell's references, as its header states them."""

    grade_id: str
    exercise: str
    library: tuple[str, ...]
    copies: tuple[str, ...]
    reason: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """Every dotted name the exercise must not be answered with."""
        return self.library + self.copies


def answer_references(cell: nbformat.NotebookNode) -> AnswerReferences:
    """The references in an answer cell's header; a ``ValueError`` that says what is wrong when
    the header does not state them (neither a list nor ``none`` with a ``library_reason``)."""
    meta = cell.metadata
    grade_id = meta.get("nbgrader", {}).get("grade_id", "?")
    listed = meta.get("library")
    reason = str(meta.get("library_reason") or "").strip()
    copies = _names(meta.get("copies"), grade_id, "copies")
    if listed is None:
        raise ValueError(f"answer cell {grade_id}: no 'library:' line (the definitions it reproduces, "
                         "or 'library: none' with a 'library_reason:')")
    if listed == NONE:
        if not reason:
            raise ValueError(f"answer cell {grade_id}: 'library: none' needs a 'library_reason:' saying why")
        return AnswerReferences(grade_id, meta.get("exercise", ""), (), copies, reason)
    library = _names(listed, grade_id, "library")
    if not library:
        raise ValueError(f"answer cell {grade_id}: an empty 'library:' list (write 'library: none' and why)")
    return AnswerReferences(grade_id, meta.get("exercise", ""), library, copies, reason)


def _names(value, grade_id: str, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    listed = [value] if isinstance(value, str) else value
    if not isinstance(listed, list) or not all(isinstance(n, str) and n.count(".") >= 1 for n in listed):
        raise ValueError(f"answer cell {grade_id}: '{key}:' must be dotted names, got {value!r}")
    return tuple(listed)


def chapter_references(nb: nbformat.NotebookNode) -> list[AnswerReferences]:
    """The references of every answer cell of a source notebook, in order."""
    return [answer_references(c) for c in nb.cells if cell_kind(c) == "answer"]


# -- the answer functions ------------------------------------------------------------------------

@dataclass(frozen=True)
class AnswerFunction:
    """A library function that holds (part of) an answer: ``module`` and ``qualname`` locate it,
    ``reference`` is the name the header gives, ``exercise`` the exercise it answers."""

    module: str
    qualname: str
    reference: str
    exercise: str

    @property
    def dotted(self) -> str:
        return f"{self.module}.{self.qualname}"


def answer_functions(cell: nbformat.NotebookNode) -> list[AnswerFunction]:
    """The autograd_lib functions that hold this answer cell's answer (see the module doc)."""
    refs = answer_references(cell)
    found: list[AnswerFunction] = []
    for name in refs.library:
        if name.split(".")[0] == LIBRARY_PACKAGE:  # another package's names count for the static check only
            found += _reproduced(cell.source, name, refs.exercise)
    for name in refs.copies:
        if name.split(".")[0] == LIBRARY_PACKAGE:
            found += _all_functions(name, refs.exercise)
    unique: dict[str, AnswerFunction] = {}
    for function in found:
        unique.setdefault(function.dotted, function)
    return list(unique.values())


def resolve(dotted: str):
    """The object a dotted name names: the longest importable prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part)
        return value
    raise ImportError(f"cannot resolve {dotted!r}")


def defining_location(dotted: str) -> tuple[str, str]:
    """(module, qualname) where the function or class named ``dotted`` is defined."""
    value = resolve(dotted)
    value = getattr(value, "fget", None) or value  # a property: its getter
    value = _unwrapped(value)
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not module or not qualname:
        raise ValueError(f"{dotted} is not a function or a class")
    return module, qualname


def _unwrapped(value):
    while hasattr(value, "__wrapped__"):
        value = value.__wrapped__
    return getattr(value, "__func__", value)


def _reproduced(cell_source: str, dotted: str, exercise: str) -> list[AnswerFunction]:
    """The functions of the library definition ``dotted`` that the cell fills in."""
    module, qualname = defining_location(dotted)
    owner_parts = qualname.split(".")
    node = _cell_definition(ast.parse(cell_source), owner_parts)  # the markers are comments
    if node is None:
        raise ValueError(f"the answer cell does not define {qualname} (from its 'library: {dotted}')")
    lines = cell_source.splitlines()
    prefix = ".".join(owner_parts[:-1])
    found = []
    for relative, function in _functions(node):
        if _holds_solution(function, lines):
            name = f"{prefix}.{relative}" if prefix else relative
            found.append(AnswerFunction(module, name, dotted, exercise))
    if not found:
        raise ValueError(f"the answer cell's {qualname} holds no solution region")
    return found


def _cell_definition(tree: ast.Module, qualname: list[str]):
    """The def or class of the cell named by ``qualname`` (a method inside its class)."""
    body = tree.body
    node = None
    for part in qualname:
        node = next((n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part), None)
        if node is None:
            return None
        body = node.body
    return node


def _functions(node, prefix: str = ""):
    """(qualname relative to ``node``'s parent, FunctionDef) of ``node`` and the defs inside its
    classes (not inside its functions: those are part of their function's body)."""
    name = f"{prefix}{node.name}"
    if isinstance(node, ast.FunctionDef):
        yield name, node
        return
    for child in node.body:
        if isinstance(child, (ast.FunctionDef, ast.ClassDef)):
            yield from _functions(child, f"{name}.")


def _holds_solution(function: ast.FunctionDef, lines: list[str]) -> bool:
    return any(BEGIN_SOLUTION in line for line in lines[function.lineno - 1:function.end_lineno])


def _all_functions(dotted: str, exercise: str) -> list[AnswerFunction]:
    """A copy named in ``copies``: the function itself, or every method of a class."""
    module, qualname = defining_location(dotted)
    source = importlib.import_module(module).__file__
    with open(source, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    node = _cell_definition(tree, qualname.split("."))
    if node is None:
        raise ValueError(f"{dotted}: {qualname} is not defined in {module}")
    prefix = ".".join(qualname.split(".")[:-1])
    return [AnswerFunction(module, f"{prefix}.{relative}" if prefix else relative, dotted, exercise)
            for relative, _ in _functions(node)]
