"""The source transformation of a build: a withheld function's body becomes one ``raise`` (or a
call of the student's stand-in) at the same lines, and a release's skeleton holds only the bodies
an exercise gives back. Every module keeps its path, its names and its line numbers."""

from __future__ import annotations

import ast

from grader.course.kernel_library.layout import PACKAGE, STUB_MODULE


def definitions(tree: ast.Module):
    """(qualname, node) of every function and class of a module outside function bodies."""
    def walk(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{node.name}"
                yield name, node
                if isinstance(node, ast.ClassDef):
                    yield from walk(node.body, f"{name}.")
    yield from walk(tree.body, "")


def _body_after_docstring(node: ast.FunctionDef) -> list[ast.stmt]:
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


def stub_source(source: str, qualnames: set[str], module: str) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by a raise (docstring,
    signature, decorators and every line number kept)."""
    return _replace_bodies(source, qualnames, module, "name the methods that hold the answer",
                           lambda name, node: f"from {PACKAGE}.{STUB_MODULE} import withheld; "
                                              f"raise withheld({module + '.' + name!r})")


def stand_in_source(source: str, qualnames: set[str], module: str) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by one call of the
    student's code that stands in for it (``_withheld.stand_in``), with the same arguments
    (docstring, signature, decorators, closure cells and every line number kept)."""
    return _replace_bodies(source, qualnames, module, "name the methods the student's code stands in for",
                           lambda name, node: f"from {PACKAGE}.{STUB_MODULE} import stand_in; "
                                              f"return stand_in({module + '.' + name!r}, "
                                              f"{_call_arguments(node.args)})")


def _replace_bodies(source: str, qualnames: set[str], module: str, for_a_class: str, statement) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by the one line
    ``statement(name, node)`` (after the original's closure cells, so the code can be put back),
    on the body's first line; docstring, signature, decorators and every line number kept."""
    tree = ast.parse(source)
    found = {name: node for name, node in definitions(tree) if name in qualnames}
    missing = qualnames - set(found)
    if missing:
        raise ValueError(f"{module} defines no {', '.join(sorted(missing))}")
    freevars = _free_variables(source, module)
    lines = source.splitlines(keepends=True)
    for name, node in sorted(found.items(), key=lambda item: -item[1].lineno):
        if not isinstance(node, ast.FunctionDef):
            raise ValueError(f"{module}.{name} is a class: {for_a_class}")
        body = _body_after_docstring(node)
        if not body:
            raise ValueError(f"{module}.{name} has no body to replace")
        first, last = body[0].lineno, node.end_lineno
        indent = lines[first - 1][:body[0].col_offset]
        if indent.strip():
            raise ValueError(f"{module}.{name}: its body must start on a line of its own")
        cells = freevars.get(name, ())
        keep = f"({', '.join(cells)},); " if cells else ""  # the same closure cells as the original
        lines[first - 1:last] = [f"{indent}{keep}{statement(name, node)}\n"] + ["\n"] * (last - first)
    result = "".join(lines)
    _check_same_shape(source, result, module, qualnames)
    return result


def _call_arguments(arguments: ast.arguments) -> str:
    """The arguments of a call that passes on what a function with ``arguments`` received."""
    passed = [a.arg for a in arguments.posonlyargs + arguments.args]
    if arguments.vararg:
        passed.append(f"*{arguments.vararg.arg}")
    passed += [f"{a.arg}={a.arg}" for a in arguments.kwonlyargs]
    if arguments.kwarg:
        passed.append(f"**{arguments.kwarg.arg}")
    return ", ".join(passed)


def _free_variables(source: str, module: str) -> dict[str, tuple[str, ...]]:
    """qualname -> the free variables of each function's code (``__class__`` for a method that
    uses ``super()``): a stub must have the same, or the real code cannot be put back into it."""
    return {code.co_qualname: code.co_freevars for code in _codes(compile(source, module, "exec"))}


def _codes(code):
    for const in code.co_consts:
        if hasattr(const, "co_qualname"):
            yield const
            yield from _codes(const)


def _check_same_shape(original: str, stubbed: str, module: str, withheld: set[str]) -> None:
    """The build changes nothing but the withheld bodies: every other function starts on the
    same line, and every withheld one keeps its free variables."""
    before = {c.co_qualname: (c.co_firstlineno, c.co_freevars) for c in _codes(compile(original, module, "exec"))}
    after = {c.co_qualname: (c.co_firstlineno, c.co_freevars) for c in _codes(compile(stubbed, module, "exec"))}
    for name, shape in before.items():
        inside = any(name == w or name.startswith(f"{w}.<locals>.") for w in withheld)
        if name in withheld:
            if after.get(name) != shape:
                raise AssertionError(f"{module}.{name}: the stub's line or closure differs from the original")
        elif not inside and after.get(name) != shape:
            raise AssertionError(f"{module}.{name} moved in the build")


def skeleton(source: str, qualnames: set[str]) -> str:
    """The part of a module the kernel compiles to get ``qualnames`` back: each function (with
    its decorators) at its own lines, inside a bare ``class`` line for each class around it, the
    ``__future__`` imports, and blank lines elsewhere. Compiled under the module's path, it gives
    code objects with the original's lines, closure cells and compiler flags."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    kept = ["\n"] * len(lines)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            for n in range(node.lineno, node.end_lineno + 1):
                kept[n - 1] = lines[n - 1]
    nodes = dict(definitions(tree))
    for name in qualnames:
        node = nodes[name]
        start = min([d.lineno for d in node.decorator_list] + [node.lineno])
        for n in range(start, node.end_lineno + 1):
            kept[n - 1] = lines[n - 1]
        parts = name.split(".")
        for depth in range(1, len(parts)):
            owner = nodes[".".join(parts[:depth])]
            kept[owner.lineno - 1] = " " * owner.col_offset + f"class {owner.name}:\n"
    while kept and kept[-1] == "\n":
        kept.pop()
    return "".join(kept)
