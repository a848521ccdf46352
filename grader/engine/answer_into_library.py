"""Put a student's answer into a fresh copy of autograd_lib (``grader.engine.fresh``).

The answer cell is compiled into the library module's namespace (the names it defines are the
student's; the module's other names are left as they were), and each definition the piece stands
for takes the student's code *in the library's own object*: a function gets the student's
``__code__`` (and defaults), a class gets the student's methods (each method's code put into the
library's function where there is one, so ``super()`` still means the library's class). Every
name that already holds the object (``from autograd_lib.ops import Mul``) then runs the student's
code, as ``kernel_agent.release`` does for a kernel.
"""

from __future__ import annotations

import builtins
import inspect
import types
from typing import Any

import numpy as np

from grader.course.model import top_level_names
from grader.engine.fresh import Engine

SKIPPED_MEMBERS = {"__dict__", "__weakref__", "__module__", "__qualname__", "__doc__", "__firstlineno__",
                   "__static_attributes__"}


class PieceError(Exception):
    """Why an answer cannot stand for its definitions (the reason the table shows)."""


def install(engine: Engine, source: str, definitions: tuple[str, ...], label: str = "answer",
            notebook: dict | None = None) -> None:
    """Compile ``source`` into each definition's module of ``engine`` and give the definitions the
    student's code; raises PieceError, leaving the engine as it was, when it cannot. A name the
    module and the library's root lack is looked up in ``notebook`` (the chapter's namespace: a
    base class the chapter made, ``TensorWithoutOperators``)."""
    by_module: dict[types.ModuleType, list[str]] = {}
    for dotted in definitions:
        module, name = engine.module_of(dotted)
        by_module.setdefault(module, []).append(name)
    undo: list = []
    try:
        for module, names in by_module.items():
            defined = _compile_into(engine, module, source, label, notebook or {})
            for name in names:
                _replace(module, name, defined, undo)
    except PieceError:
        for restore in reversed(undo):
            restore()
        raise


def _compile_into(engine: Engine, module: types.ModuleType, source: str, label: str,
                  notebook: dict) -> dict[str, Any]:
    """Run the cell in the module's namespace; returns the names it bound (the module's own names
    are put back, new helper names stay)."""
    namespace = vars(module)
    before = dict(namespace)
    with engine.active() as root:
        notebook_names = [(n, v) for n, v in notebook.items() if isinstance(v, (type, types.ModuleType))]
        own = set(top_level_names(source))  # what the cell defines is never borrowed
        for name, value in [("np", np), ("autograd_lib", root), *vars(root).items(), *notebook_names]:
            if not name.startswith("_") and name not in vars(builtins) and name not in own:  # never hide max
                namespace.setdefault(name, value)
        added = {name for name in namespace if name not in before}
        try:
            exec(compile(source, f"<{label}>", "exec"), namespace)  # noqa: S102  (the student's own code, their process)
        except BaseException as error:  # noqa: BLE001
            if isinstance(error, KeyboardInterrupt):
                raise
            raise PieceError(f"raises when defined: {type(error).__name__}: {error}") from None
    defined = {name: value for name, value in namespace.items()
               if name not in added and (name not in before or value is not before[name])}
    for name, value in before.items():
        namespace[name] = value
    for name, value in notebook_names:  # borrowed to define the cell (a base class), not kept
        if name in added and namespace.get(name) is value:
            del namespace[name]
    return defined


def _replace(module: types.ModuleType, name: str, defined: dict[str, Any], undo: list) -> None:
    owner_name, _, member = name.partition(".")
    target = getattr(module, owner_name, None)
    if target is None and not member and owner_name in defined:  # an addition (pieces.ADDED)
        setattr(module, owner_name, defined[owner_name])
        undo.append(lambda: delattr(module, owner_name))
        return
    if target is None:
        raise PieceError(f"the library has no {module.__name__}.{name}")
    if not member:
        if owner_name not in defined:
            raise PieceError(f"the answer defines no {owner_name}")
        theirs = defined[owner_name]
        if isinstance(target, type):
            if not isinstance(theirs, type):
                raise PieceError(f"{owner_name} is a {type(theirs).__name__}, not a class")
            for key, value in vars(theirs).items():
                if key not in SKIPPED_MEMBERS:
                    _put_member(target, key, value, undo)
        else:
            _put_function(target, theirs, owner_name, undo)
        return
    # a method: the answer's class of that name (or a plain function named like the method)
    holder = defined.get(owner_name)
    if isinstance(holder, type) and member in vars(holder):
        theirs = vars(holder)[member]
    elif member in defined:
        theirs = defined[member]
    else:
        # an answer class that subclasses the library's (Tensor(TensorWithoutOperators)) under
        # another name: take the member from any class the cell defines
        theirs = next((vars(v)[member] for v in defined.values() if isinstance(v, type) and member in vars(v)),
                      None)
        if theirs is None:
            raise PieceError(f"the answer defines no {name}")
    _put_member(target, member, theirs, undo)


def _put_member(cls: type, key: str, value: Any, undo: list) -> None:
    current = vars(cls).get(key)
    mine, theirs = _function_of(current), _function_of(value)
    if mine is not None and theirs is not None and type(current) is type(value) and _same_cells(mine, theirs):
        _check_signature(theirs, mine, f"{cls.__name__}.{key}")
        _swap_code(mine, theirs, undo)
        if isinstance(current, property) and isinstance(value, property):
            for part in ("fset", "fdel"):
                a, b = getattr(current, part), getattr(value, part)
                if a is not None and b is not None and _same_cells(a, b):
                    _swap_code(a, b, undo)
        return
    if mine is not None and theirs is not None:
        _check_signature(theirs, mine, f"{cls.__name__}.{key}")
    had = key in vars(cls)
    setattr(cls, key, value)
    undo.append(lambda: setattr(cls, key, current) if had else delattr(cls, key))


def _put_function(target: Any, theirs: Any, name: str, undo: list) -> None:
    if not isinstance(theirs, types.FunctionType):
        raise PieceError(f"{name} is a {type(theirs).__name__}, not a function")
    if not isinstance(target, types.FunctionType):
        raise PieceError(f"the library's {name} is not a plain function")
    _check_signature(theirs, target, name)
    if not _same_cells(target, theirs):
        raise PieceError(f"{name} uses closures the library's does not (decorated?)")
    _swap_code(target, theirs, undo)


def _function_of(value: Any) -> types.FunctionType | None:
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    elif isinstance(value, property):
        value = value.fget
    return value if isinstance(value, types.FunctionType) else None


def _same_cells(a: types.FunctionType, b: types.FunctionType) -> bool:
    return a.__code__.co_freevars == b.__code__.co_freevars


def _swap_code(target: types.FunctionType, theirs: types.FunctionType, undo: list) -> None:
    saved = (target.__code__, target.__defaults__, target.__kwdefaults__)
    target.__code__, target.__defaults__, target.__kwdefaults__ = (
        theirs.__code__, theirs.__defaults__, theirs.__kwdefaults__)
    undo.append(lambda: _restore(target, saved))


def _restore(target: types.FunctionType, saved: tuple) -> None:
    target.__code__, target.__defaults__, target.__kwdefaults__ = saved


def _check_signature(theirs: Any, library: Any, name: str) -> None:
    """Another parameter list (names and order, annotations aside) cannot stand for the library's."""
    try:
        mine = [(p.name, p.kind) for p in inspect.signature(library).parameters.values()]
        yours = [(p.name, p.kind) for p in inspect.signature(theirs).parameters.values()]
    except (TypeError, ValueError):
        return
    if mine != yours:
        def show(ps):
            return "(" + ", ".join(n for n, _ in ps) + ")"
        raise PieceError(f"{name} has another signature: yours {show(yours)}, the library's {show(mine)}")
