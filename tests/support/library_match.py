"""Prove that a solution cell teaches the code autograd_lib ships.

An answer cell may name, in its metadata, the library definitions it reproduces::

    library: [autograd_lib.ops.broadcast.unbroadcast]

Each named function or class must be defined in the cell's solution with the same syntax tree
as in the library, docstrings and comments aside (comments never reach the tree).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap


def _strip_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
                if isinstance(body[0].value.value, str):
                    node.body = body[1:] or [ast.Pass()]
    return tree


def normalised_dump(node: ast.AST) -> str:
    """The tree of a definition with docstrings removed, positions ignored."""
    return ast.dump(_strip_docstrings(node), annotate_fields=True, include_attributes=False)


def resolve(dotted: str):
    """The object named ``package.module.name``, ``package.module.Class`` or
    ``package.module.Class.method``: the longest importable prefix, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[split:]:
            obj = getattr(obj, attribute)
        return obj.fget if isinstance(obj, property) else obj
    raise ImportError(f"cannot resolve {dotted!r}")


def library_definition(dotted: str) -> ast.AST:
    """The syntax tree of the library's definition named ``dotted``."""
    source = textwrap.dedent(inspect.getsource(resolve(dotted)))
    return ast.parse(source).body[0]


def cell_definition(cell_source: str, name: str, owner: str | None = None) -> ast.AST | None:
    """The top-level def or class called ``name`` in a cell, or None. With ``owner``, the
    method ``name`` of the top-level class ``owner``."""
    body = ast.parse(cell_source).body
    if owner is not None:
        classes = [n for n in body if isinstance(n, ast.ClassDef) and n.name == owner]
        body = classes[0].body if classes else []
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return node
    return None


def mismatches(cell_source: str, names: list[str]) -> list[str]:
    """For each library name that the cell does not reproduce exactly, a line saying why."""
    problems = []
    for dotted in names:
        short = dotted.rpartition(".")[2]
        qualname = getattr(resolve(dotted), "__qualname__", short).split(".")
        owner = qualname[-2] if len(qualname) > 1 else None
        ours = cell_definition(cell_source, short, owner)
        if ours is None:
            problems.append(f"the cell does not define {short} (expected from {dotted})")
        elif normalised_dump(ours) != normalised_dump(library_definition(dotted)):
            problems.append(f"{short} in the cell differs from {dotted}")
    return problems
