"""Which strings of a code cell a reader sees: printed, drawn in a picture, or raised in a message.

A string of two English words or more is prose wherever it stands (``prose.is_prose``). A lone
word is not: ``"weight"``, ``"mean"`` and ``"first"`` are as often dict keys, argument values and
names compared in code. A lone word is words for a reader when the cell *shows* it (``shown_spans``):

- an argument of ``print``, of an exception raised, or an ``assert``'s message;
- a label of a picture: the first argument of ``set_xlabel``, ``set_ylabel``, ``set_title``,
  ``suptitle``, ``annotate``, the text of ``ax.text``, a keyword argument that names words
  (``label=``, ``title=``, ``xlabel=``, ``..._label=``, a plotting function's ``flow=``...);
- a string that reaches one of those through a name: assigned to it (``inputs = "leaves" if ...``),
  or the names a ``for`` loop takes from a tuple of strings (``for hooked in ("first", "second")``),
  where the name is set into a shown f-string or passed as such an argument.

The translation replaces every occurrence of the word in the chapter's code (one unit per
English text), so a word shown and also compared (``hooked == "first"``) stays consistent.
"""

from __future__ import annotations

import ast

#: Calls whose positional string arguments a reader sees (matplotlib's methods by their names).
SHOWN_CALLS = frozenset({"print", "set_xlabel", "set_ylabel", "set_title", "suptitle", "annotate", "text",
                         "AssertionError", "ValueError", "TypeError", "RuntimeError", "KeyError", "IndexError",
                         "NotImplementedError", "Exception", "warn"})
#: Keyword arguments whose strings are words of a picture or a message.
SHOWN_KEYWORDS = frozenset({"label", "labels", "title", "titles", "xlabel", "ylabel", "flow", "across", "worst",
                            "sum_of", "no_grad", "root", "leaf", "msg", "message"})


def shown_spans(source: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets in ``source`` of every string expression the cell shows (see the
    module doc); empty when ``source`` does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    shown: list[ast.AST] = []
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _call_name(node) in SHOWN_CALLS:
                shown += node.args
            shown += [k.value for k in node.keywords if k.arg and _shown_keyword(k.arg)]
        elif isinstance(node, ast.Assert) and node.msg is not None:
            shown.append(node.msg)
    strings: list[ast.AST] = []
    for expression in shown:
        _texts(expression, strings, names)
    strings += strings_given_to(tree, names)
    offsets, lines = line_offsets(source), source.splitlines(keepends=True)

    def at(line: int, column: int) -> int:  # the AST counts a column in UTF-8 bytes
        return offsets[line - 1] + len(lines[line - 1].encode("utf-8")[:column].decode("utf-8", errors="ignore"))

    return [(at(n.lineno, n.col_offset), at(n.end_lineno, n.end_col_offset))
            for n in strings if isinstance(n, ast.JoinedStr) or isinstance(getattr(n, "value", None), str)]


def _texts(node: ast.AST, strings: list[ast.AST], names: set[str]) -> None:
    """Collect the strings ``node`` shows, and the names whose values it shows: through literals,
    concatenation, conditionals and ``.format``/``.join``, never into a subscript or another call."""
    if isinstance(node, ast.Constant):
        strings.append(node)
    elif isinstance(node, ast.JoinedStr):
        strings.append(node)
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                _texts(value.value, strings, names)
    elif isinstance(node, ast.Name):
        names.add(node.id)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        for part in [node.func.value, *node.args]:
            _texts(part, strings, names)
    else:
        children = {ast.BinOp: ("left", "right"), ast.IfExp: ("body", "orelse"), ast.BoolOp: ("values",),
                    ast.Tuple: ("elts",), ast.List: ("elts",), ast.Starred: ("value",)}.get(type(node), ())
        for field in children:
            value = getattr(node, field)
            for part in value if isinstance(value, list) else [value]:
                _texts(part, strings, names)


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _shown_keyword(name: str) -> bool:
    return name in SHOWN_KEYWORDS or name.endswith(("_label", "_labels", "_title", "_words"))


def strings_given_to(tree: ast.AST, names: set[str]) -> list[ast.AST]:
    """The string constants assigned to ``names``, or that a ``for`` loop gives them from a literal."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
                found += _plain_strings(node.value)
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, (ast.Tuple, ast.List)):
            for element in node.iter.elts:
                found += _matched(node.target, element, names)
    return found


def _matched(target: ast.AST, value: ast.AST, names: set[str]) -> list[ast.AST]:
    """The strings of ``value`` that land in one of ``names`` when unpacked into ``target``."""
    if isinstance(target, ast.Name):
        return _plain_strings(value) if target.id in names else []
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) \
            and len(target.elts) == len(value.elts):
        return [s for t, v in zip(target.elts, value.elts, strict=True) for s in _matched(t, v, names)]
    return []


def _plain_strings(value: ast.AST) -> list[ast.AST]:
    """The strings an expression may evaluate to: itself, or the branches of a conditional."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return [value]
    if isinstance(value, ast.IfExp):
        return _plain_strings(value.body) + _plain_strings(value.orelse)
    if isinstance(value, ast.BoolOp):
        return [s for v in value.values for s in _plain_strings(v)]
    return []


def line_offsets(source: str) -> list[int]:
    """The offset in ``source`` at which each of its lines starts (and its length, last)."""
    offsets, total = [], 0
    for line in source.splitlines(keepends=True):
        offsets.append(total)
        total += len(line)
    offsets.append(total)
    return offsets
