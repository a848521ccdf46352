"""The grader's own import graph, read from its source (every ``import``, at the top of a module or
inside a function), for the cache keys that must cover the code a build runs (``closure``) and for
the test that keeps the rooms a ladder (``tests/architecture/test_import_contract.py``)."""

from __future__ import annotations

import ast
import hashlib
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the folder that holds the ``grader`` package


def module_files(package: str = "grader", root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` (dotted name -> file), packages under their own name."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_by(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that the module at ``path`` imports (``from a import b`` counts as
    ``a.b`` when that is a module, else as ``a``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                found.add(dotted if dotted in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


@cache
def graph(package: str = "grader", root: Path = ROOT) -> dict[str, frozenset[str]]:
    """module -> the modules of the same package it imports (itself and the package's face left out)."""
    known = module_files(package, root)
    return {name: frozenset(imported_by(path, known) - {name, package}) for name, path in known.items()}


def closure(modules: tuple[str, ...], package: str = "grader", root: Path = ROOT) -> list[str]:
    """``modules`` and every module of the package they import, directly or not, sorted."""
    edges = graph(package, root)
    seen, todo = set(), list(modules)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += edges.get(name, ())
    return sorted(seen)


def code_fingerprint(modules: tuple[str, ...], package: str = "grader", root: Path = ROOT) -> dict[str, str]:
    """For a cache key: each module ``closure`` finds, with a hash of its source. A module that moves
    or changes, or a new import, changes the key; nothing the code runs is left out of it."""
    files = module_files(package, root)
    return {name: hashlib.sha256(files[name].read_bytes()).hexdigest() for name in closure(modules, package, root)}
