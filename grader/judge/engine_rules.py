"""Derivative rules that ask an engine for their answer: a backward (or forward-mode) rule of a
graded exercise whose code calls ``backward``, ``grad``, ``autograd.grad``, ``torch.autograd.grad``,
a ``torch.func`` transform or a helper that runs one (``gradcheck``'s ``analytical_jacobian``), or
walks the recorded graph itself (``grad_fn``, ``next_functions``: each node's own rule answers).

A rule written that way computes no derivative of its own: it rebuilds its operation out of other
operations and lets autograd_lib's or torch's engine differentiate them, and the values it returns
are right. The judge, which sees only values, cannot tell; so such an answer is flagged for an
instructor to review (``grader.judge.static_rules``: the finding's kind is ``ENGINE``), never
zeroed, because the instructor decides.

What counts as a rule: a method named ``forward``, ``backward``, ``setup_context``, ``jvp`` or
``vjp`` of a class defined in an answer cell, and the functions of the answer cells of
``RULE_EXERCISES`` (the exercises that ask for derivatives by hand: chapter 0's finite
differences, chapter 1's local gradients and hand-run backward pass, chapter 4's ``unbroadcast``,
chapter 5's ``numerical_jacobian``, chapter 9's whole network by hand, chapter 12's dual-number
rules); with every
function of the student's own cells that it calls by name, directly or through one another. An
engine that calls the student's rule (a second derivative through their backward, in a test or in
a cell of their own) is not a rule calling an engine, and is never flagged. What it cannot see: an
engine reached through a name built at run time (the machinery findings cover ``getattr`` and
``exec``), or through an object handed in from a cell that is no function (a variable holding
``torch.autograd.grad``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence

#: Exercises whose answer cells' top-level functions are derivative rules themselves.
RULE_EXERCISES = {"central_difference", "forward_difference", "numerical_gradient", "local_gradients",
                  "forward_backward", "unbroadcast", "numerical_jacobian", "network_gradients", "dual_rules"}
RULE_METHODS = {"forward", "backward", "setup_context", "jvp", "vjp"}
#: Dotted paths (after the notebook's imports are resolved) that are an engine.
ENGINE_PATHS = re.compile(
    r"(^|\.)(autograd\.(grad|backward)|engine\.(grad|backward)"
    r"|func\.(grad|grad_and_value|vjp|jvp|jacrev|jacfwd|hessian|linearize|vmap_grad)"
    r"|autograd\.functional\.\w+|gradcheck\.(analytical_jacobian|gradcheck|gradgradcheck|get_analytical_jacobian)"
    r"|autograd\.(gradcheck|gradgradcheck)|analytical_jacobian|gradcheck|gradgradcheck)$|^functorch\.")
#: Attributes that reach the recorded graph: a rule that reads them runs other nodes' rules itself.
GRAPH_ATTRIBUTES = {"grad_fn", "next_functions", "_grad_fn"}


def engine_calls(cells: Iterable[tuple[int, str, str | None, bool]]) -> list[tuple[int, int, str, str]]:
    """(cell, line, rule, what it calls) for each engine call made by a rule of an answer cell.
    ``cells`` are (index, source, exercise of an answer cell or None, written by the student)."""
    parsed = []
    for index, source, exercise, by_student in cells:
        try:
            parsed.append((index, ast.parse(source), exercise, by_student))
        except SyntaxError:
            continue
    bindings: dict[str, str] = {}
    for _, tree, _, _ in parsed:
        _imports(tree, bindings)
    helpers = {node.name: node for _, tree, _, by_student in parsed if by_student for node in tree.body
               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    found = []
    for index, tree, exercise, _ in parsed:
        if exercise is None:
            continue
        for name, rule in _rules(tree, exercise):
            for line, what in _engine_in(rule, bindings, helpers, set()):
                found.append((index, line, name, what))
    return found


def _imports(tree: ast.AST, bindings: dict[str, str]) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bindings[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else \
                    alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if alias.name != "*":
                    bindings[alias.asname or alias.name] = f"{node.module}.{alias.name}"


def _rules(tree: ast.Module, exercise: str) -> list[tuple[str, ast.AST]]:
    found = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found += [(f"{node.name}.{item.name}", item) for item in node.body
                      if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in RULE_METHODS]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and exercise in RULE_EXERCISES:
            found.append((node.name, node))
    return found


def _engine_in(function: ast.AST, bindings: dict[str, str], helpers: dict[str, ast.AST],
               seen: set[str]) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Attribute) and node.attr in GRAPH_ATTRIBUTES:
            found.append((node.lineno, f"the recorded graph, through .{node.attr}"))
            continue
        if not isinstance(node, ast.Call):
            continue
        what = _engine(node.func, bindings)
        if what:
            found.append((node.lineno, what))
        elif isinstance(node.func, ast.Name) and node.func.id in helpers and node.func.id not in seen:
            seen.add(node.func.id)
            found += [(node.lineno, f"{what} (in {node.func.id}, which it calls)")
                      for _, what in _engine_in(helpers[node.func.id], bindings, helpers, seen)]
    return found


def _engine(func: ast.AST, bindings: dict[str, str]) -> str | None:
    """What engine ``func`` is (its dotted name), or None."""
    if isinstance(func, ast.Attribute) and func.attr == "backward":
        receiver = func.value
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
            return None  # the parent Function's backward rule
        name = _dotted(receiver, bindings)
        if name is not None and name.rsplit(".", 1)[-1][:1].isupper():
            return None  # a Function class's backward rule (``Mul.backward(ctx, grad)``), no engine
        return f"{name or '(an expression)'}.backward"  # a tensor's backward, or autograd.backward
    name = _dotted(func, bindings)
    return name if name and ENGINE_PATHS.search(name) else None


def _dotted(node: ast.AST, bindings: dict[str, str]) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([bindings.get(node.id, node.id), *reversed(parts)])


def describe(rule: str, what: str) -> str:
    """The finding's text, for the feedback, status.csv and the class report."""
    return (f"{rule} asks an engine for its answer ({what}): a derivative rule must compute its gradient "
            "with its own formula; held for an instructor to review")


def as_cells(cells: Sequence) -> list[tuple[int, str, str | None, bool]]:
    """``static_rules.CodeCell``s as ``engine_calls`` reads them."""
    return [(c.index, c.source, c.exercise if c.by_student else None, c.by_student) for c in cells]
