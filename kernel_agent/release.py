"""Put the library's code back into functions the grading kernel's build left without it.

The kernel's ``autograd_lib`` is a build without the answers of the chapter it grades
(``grader.course.kernel_library``): each withheld function raises. Once the judge has graded an
exercise, it sends that exercise's code here, as a *skeleton* of each module (the functions at
their own lines, in their classes, every other line blank). The skeleton is compiled under the
module's own path, and each compiled body replaces the raising one **in the same function
object** (``__code__``), so every name that already holds the function (``from autograd_lib
import ...`` in a cell, a class attribute, a decorator's wrapper) now runs the library's code, and
tracebacks show its lines.

``withhold_again`` undoes every release (a rehearsal runs many notebooks in one process).

``stand_down`` is the other way round, for a few functions the chapter's kernel keeps although
they answer one of its exercises (``grader.course.kernel_library.WHILE_JUDGED``): while the
hidden tests of that exercise run, each gets its withheld body (the same raise), in the same
function object; ``stand_up`` gives every one its code back once the exercise has been judged.
"""

from __future__ import annotations

import importlib
import linecache
import sys
import types
from typing import Any

_STUBS: dict[types.FunctionType, types.CodeType] = {}  # a released function -> its withheld body
_STOOD_DOWN: dict[types.FunctionType, types.CodeType] = {}  # a function switched off -> its own code


def release(module_name: str, skeleton: str, qualnames: list[str]) -> int:
    """Compile ``skeleton`` as ``module_name``'s file and give each function in ``qualnames`` its
    body; returns how many were put back. A function that is not withheld is left alone."""
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    released = _swap(module, skeleton, qualnames, _STUBS)
    _show_lines(module.__file__, skeleton)
    return released


def stand_down(module_name: str, skeleton: str, qualnames: list[str], stand_in: dict[str, str] | None = None,
               namespace: dict | None = None) -> int:
    """Give each function in ``qualnames`` the withheld body ``skeleton`` holds (compiled as the
    module's file), until ``stand_up``; returns how many were switched off. A function named in
    ``stand_in`` (qualname -> the notebook's name of the answer, ``"Mul.forward"``) gets a body that
    runs that answer of ``namespace`` instead (``autograd_lib._withheld.stand_in``); an answer that
    is missing, or is the library's function itself, leaves it raising."""
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    changed = _swap(module, skeleton, qualnames, _STOOD_DOWN)
    if stand_in:
        from autograd_lib import _withheld

        library = {f.__code__.co_qualname: f for f in _functions(module)}
        for qualname, answer in stand_in.items():
            _withheld.STANDING_IN[f"{module_name}.{qualname}"] = _answer(namespace or {}, answer,
                                                                         library.get(qualname))
    return changed


def _answer(namespace: dict, path: str, library: types.FunctionType | None) -> Any:
    """The notebook's ``path`` (``apply``, ``Mul.forward``) as a plain callable, read without running
    the notebook's code (no descriptor, no ``__getattr__``), or the reason there is none.
    ``adapter(path)`` (``permute_by_transposes(Transpose.backward)``) gives the answer to one of
    ``ADAPTERS``, for a library copy that computes the same by other code."""
    import inspect

    if path.endswith(")") and "(" in path:
        adapter, _, inner = path[:-1].partition("(")
        found = _answer(namespace, inner, None)
        return ADAPTERS[adapter](found) if callable(found) else found
    head, *rest = path.split(".")
    value = namespace.get(head, _NOTHING)
    for part in rest:
        if value is _NOTHING:
            break
        try:
            value = inspect.getattr_static(value, part)
        except AttributeError:
            value = _NOTHING
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__ if isinstance(value, staticmethod) else value.__get__(None, namespace.get(head))
    if value is _NOTHING or not callable(value):
        return f"the notebook defines no {path}"
    if value is library:
        return (f"your {path} is the library's own (inherited or assigned), which is what is being judged: "
                "write it yourself")
    return value


_NOTHING = object()


def permute_by_transposes(transpose_backward):
    """``Permute.backward`` (permute the gradient by the inverse permutation, ``ctx.inverse``) done
    with the student's ``Transpose.backward``, one swap of two axes at a time."""

    def backward(ctx, grad):
        order = list(range(len(ctx.inverse)))  # which axis of grad sits at each place
        for place, wanted in enumerate(ctx.inverse):
            where = order.index(wanted)
            if where != place:
                swap = types.SimpleNamespace(dims=(place, where), needs_input_grad=(True, False, False))
                grad = transpose_backward(swap, grad)[0]
                order[place], order[where] = order[where], order[place]
        return grad, None

    return backward


#: how a library copy runs the student's answer of the exercise it copies (``_answer``)
ADAPTERS = {"permute_by_transposes": permute_by_transposes}


def stand_up() -> None:
    """Give every function switched off by ``stand_down`` its own code back."""
    for function, code in list(_STOOD_DOWN.items()):
        function.__code__ = code
    _STOOD_DOWN.clear()
    withheld = sys.modules.get("autograd_lib._withheld")
    if withheld is not None and hasattr(withheld, "STANDING_IN"):
        withheld.STANDING_IN.clear()


def _swap(module: types.ModuleType, skeleton: str, qualnames: list[str], saved: dict) -> int:
    """Put each function of ``qualnames`` in ``module`` on the code ``skeleton`` compiles to (at
    the same first line), noting its code before in ``saved``; returns how many changed."""
    compiled = {code.co_qualname: code for code in _codes(compile(skeleton, module.__file__, "exec"))}
    functions = _functions(module)
    changed = 0
    for qualname in qualnames:
        code = compiled.get(qualname)
        if code is None:
            raise LookupError(f"the code sent for {module.__name__} has no {qualname}")
        targets = [f for f in functions if f.__code__.co_qualname == qualname
                   and f.__code__.co_firstlineno == code.co_firstlineno]
        if not targets:
            raise LookupError(f"{module.__name__}.{qualname} is not in the kernel's library")
        for function in targets:
            if function.__code__ is not code:
                saved.setdefault(function, function.__code__)
                function.__code__ = code
                changed += 1
    return changed


def withhold_again() -> None:
    """Give every released function its withheld body back (and every switched-off one its code)."""
    stand_up()
    for function, stub in list(_STUBS.items()):
        function.__code__ = stub
    _STUBS.clear()
    linecache.clearcache()


def _codes(code: types.CodeType):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            yield from _codes(const)


def _functions(module: types.ModuleType) -> list[types.FunctionType]:
    """Every function defined in ``module``: at its top level, in its classes (static, class
    methods and properties too), and under the wrappers of decorators (``__wrapped__``)."""
    found: list[types.FunctionType] = []
    seen: set[int] = set()

    def visit(value: Any, depth: int = 0) -> None:
        if id(value) in seen or depth > 8:
            return
        seen.add(id(value))
        if isinstance(value, (staticmethod, classmethod)):
            visit(value.__func__, depth + 1)
        elif isinstance(value, property):
            for part in (value.fget, value.fset, value.fdel):
                if part is not None:
                    visit(part, depth + 1)
        elif isinstance(value, types.FunctionType):
            if value.__code__.co_filename == module.__file__:
                found.append(value)
            wrapped = getattr(value, "__wrapped__", None)
            if wrapped is not None:
                visit(wrapped, depth + 1)
        elif isinstance(value, type) and value.__module__ == module.__name__:
            for member in vars(value).values():
                visit(member, depth + 1)

    for value in list(vars(module).values()):
        visit(value)
    return found


def _show_lines(filename: str, skeleton: str) -> None:
    """Tracebacks and ``inspect`` read the released lines, not the blank ones of the build's file."""
    lines = linecache.getlines(filename)
    released = skeleton.splitlines(keepends=True)
    merged = [new if new.strip() and not new.lstrip().startswith(("class ", "from __future__")) else old
              for old, new in zip(lines, released + [""] * (len(lines) - len(released)), strict=False)]
    linecache.cache[filename] = (sum(len(line) for line in merged), None, merged, filename)
